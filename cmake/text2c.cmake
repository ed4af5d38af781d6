# Turn the text file IN into a C source OUT that defines `const char NAME[]`:
# the file's text, byte for byte, as one NUL-terminated string literal with
# one line of the file per line of the literal, so the generated file stays
# readable. HEADER, if given, is included first (it should declare NAME).
# Usage: cmake -DIN=file.sql -DOUT=file.c -DNAME=symbol [-DHEADER=x.h] -P text2c.cmake
if(NOT IN OR NOT OUT OR NOT NAME)
  message(FATAL_ERROR "text2c.cmake needs IN, OUT and NAME")
endif()
file(READ ${IN} text)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "?" "\\?" text "${text}") # no trigraphs under -std=c11
string(REPLACE "\t" "\\t" text "${text}")
string(REPLACE "\r" "\\r" text "${text}")
string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
get_filename_component(in_name ${IN} NAME)
set(include "")
if(HEADER)
  set(include "#include \"${HEADER}\"\n\n")
endif()
file(WRITE ${OUT}
  "/* generated from ${in_name} by cmake/text2c.cmake: do not edit */\n"
  "${include}const char ${NAME}[] =\n    \"${text}\";\n")
