// launch: --grid 4096 --block 256 --arg n=1048576
// Array of structures (AoS) access pattern.
// Each thread reads the three fields of one particle. Because the fields of
// consecutive particles are 12 bytes apart, each field load of a warp is
// strided and touches more memory than it uses (compare with a structure of
// arrays, where each field would be a contiguous array).

struct Particle {
    float x, y, z;
};

__global__ void aos_read(const Particle* p, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;

    float x = p[i].x;
    float y = p[i].y;
    float z = p[i].z;

    out[i] = x + y + z;
}
