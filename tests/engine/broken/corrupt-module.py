#!/usr/bin/env python3
# corrupt-module.py: copies a plugin module, pointing every dynamic relocation far outside it
# (what random byte damage does to a module): dlopen() then crashes with SIGSEGV while relocating.
import struct
import sys

src, dst = sys.argv[1], sys.argv[2]
data = bytearray(open(src, 'rb').read())
if data[:4] != b'\x7fELF' or data[4] != 2 or data[5] != 1:
    sys.exit('%s: not a 64-bit little-endian ELF file' % src)
shoff, = struct.unpack_from('<Q', data, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
def section(i):
    return struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize)
names_offset = section(shstrndx)[4]
damaged = 0
for i in range(shnum):
    name_off, sh_type, _, _, offset, size, _, _, _, entsize = section(i)
    end = data.index(b'\0', names_offset + name_off)
    if data[names_offset + name_off:end] == b'.rela.dyn' and entsize:
        for e in range(offset, offset + size, entsize):
            struct.pack_into('<Q', data, e, 0x7ff000000000 + e)
            damaged += 1
if damaged == 0:
    sys.exit('%s: no dynamic relocations to damage' % src)
open(dst, 'wb').write(data)
