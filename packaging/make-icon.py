#!/usr/bin/env python3
"""Draws warpscope's icon, packaging/warpscope.png: 32 shared-memory banks as an
8 x 4 grid of cells on a dark tile, one bank's cells in the conflict colour
(the window's palette), as the bank map draws a conflict. Standard library only
(zlib for the PNG), so it runs anywhere; rerun it after changing the design:
    python3 packaging/make-icon.py [SIZE] [OUT]
"""
import struct
import sys
import zlib

SIZE = int(sys.argv[1]) if len(sys.argv) > 1 else 256
OUT = sys.argv[2] if len(sys.argv) > 2 else __file__.rsplit("/", 1)[0] + "/warpscope.png"
SAMPLES = 4  # per axis: edges antialiased by coverage

BACKGROUND = (0x1E, 0x24, 0x30)
BANK = (0x5F, 0xB3, 0xC8)
CONFLICT = (0xE8, 0x83, 0x3A)
CONFLICT_COLUMN = 5


def in_rounded_rect(x, y, x0, y0, x1, y1, r):
    """Whether point (x, y) lies in the rectangle with corners of radius r."""
    if x < x0 or x > x1 or y < y0 or y > y1:
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def shapes(size):
    """(rectangle, colour) from back to front, in pixels of a size x size image."""
    s = size / 256.0
    out = [((8 * s, 8 * s, 248 * s, 248 * s, 40 * s), BACKGROUND)]
    cols, rows = 8, 4
    x0, y0, cell_w, cell_h, gap = 32 * s, 56 * s, 24 * s, 30 * s, 1 * s
    pitch_x, pitch_y = (192 * s - cell_w) / (cols - 1), (144 * s - cell_h) / (rows - 1)
    for r in range(rows):
        for c in range(cols):
            x, y = x0 + c * pitch_x, y0 + r * pitch_y
            colour = CONFLICT if c == CONFLICT_COLUMN else BANK
            out.append(((x + gap, y + gap, x + cell_w - gap, y + cell_h - gap, 5 * s), colour))
    return out


def render(size):
    items = shapes(size)
    rows = []
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]  # premultiplied RGB, alpha
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x, y = px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES
                    colour = None
                    for (rect, c) in items:
                        if in_rounded_rect(x, y, *rect):
                            colour = c
                    if colour:
                        acc[0] += colour[0]
                        acc[1] += colour[1]
                        acc[2] += colour[2]
                        acc[3] += 1
            n = SAMPLES * SAMPLES
            alpha = acc[3] / n
            if acc[3]:
                row += bytes(round(acc[i] / acc[3]) for i in range(3))
            else:
                row += bytes(3)
            row.append(round(alpha * 255))
        rows.append(bytes(row))
    return b"".join(rows)


def png(size, pixels):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    with open(OUT, "wb") as f:
        f.write(png(SIZE, render(SIZE)))
    print(f"wrote {OUT} ({SIZE}x{SIZE})")
