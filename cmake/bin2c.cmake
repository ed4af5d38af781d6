# Turn the file IN into a C source OUT defining builtin_exhibit[] and its size.
file(READ ${IN} hex HEX)
string(LENGTH "${hex}" hexlen)
math(EXPR size "${hexlen} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE ${OUT} "/* generated from the bundled exhibit: do not edit */\n#include <stddef.h>\n#include \"builtin.h\"\nconst unsigned char builtin_exhibit[] = {\n${bytes}0};\nconst size_t builtin_exhibit_size = ${size};\n")
