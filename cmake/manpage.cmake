# Writes the manual page vitrine(1) with the built program and compresses it
# for installing: cmake -DVITRINE=BINARY -DOUT=DIR -P manpage.cmake writes
# DIR/vitrine.1 (`vitrine help --man`, generated from the command and option
# tables) and DIR/vitrine.1.gz (gzip -9n: no name, no timestamp, so the
# package stays the same bytes).
foreach(var VITRINE OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "manpage.cmake: ${var} is not set")
  endif()
endforeach()
execute_process(COMMAND ${VITRINE} help --man OUTPUT_FILE ${OUT}/vitrine.1.tmp
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "`${VITRINE} help --man` failed (${rc})")
endif()
file(RENAME ${OUT}/vitrine.1.tmp ${OUT}/vitrine.1)
find_program(GZIP gzip REQUIRED)
execute_process(COMMAND ${GZIP} -9n -c INPUT_FILE ${OUT}/vitrine.1
                OUTPUT_FILE ${OUT}/vitrine.1.gz.tmp RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip -9n vitrine.1 failed (${rc})")
endif()
file(RENAME ${OUT}/vitrine.1.gz.tmp ${OUT}/vitrine.1.gz)
