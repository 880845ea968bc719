/* Preloaded by scripts/sanitize.sh into every test process: dlclose() does
 * nothing, so a shared library, once loaded, stays mapped until exit.
 *
 * Why: the window's OpenGL driver under Xvfb is Mesa's swrast_dri.so, which
 * libGLX_mesa loads with dlopen() and unloads with dlclose() when GLFW closes
 * the display. The driver keeps a few allocations (2-3 blocks of 56-128 bytes)
 * referenced only from its own globals; once it is unmapped, LeakSanitizer sees
 * them as leaks whose stacks point into a library that is gone, so they can be
 * neither attributed nor suppressed by name ("<unknown module>"). With the
 * driver left mapped, its globals still reference them and nothing is
 * reported; a leak of warpscope's own still is. See lsan.supp. */
int dlclose(void* handle) {
  (void)handle;
  return 0;
}
