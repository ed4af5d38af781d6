# Reproducible builds: VITRINE_SOURCE_DATE_EPOCH is the time the build is
# stamped with, seconds since 1970: SOURCE_DATE_EPOCH from the environment
# when cmake configures, else the date of the last commit of the source
# tree (git log -1 --format=%ct). It becomes the bundled exhibit's built_at
# (`vitrine bundle build` reads SOURCE_DATE_EPOCH, CMakeLists.txt) and the
# date of every file in the Debian package (cmake/package.cmake), so two
# builds of the same commit give the same bytes. A new commit configures
# again (the reflog of HEAD is a configure dependency). Without git and
# without the variable it is empty: the exhibit is stamped with the time it
# is built and the package with the time it is made, as before.
# ${CMAKE_BINARY_DIR}/source_date_epoch holds the value, rewritten only when
# it changes, for build steps to depend on.
set(VITRINE_SOURCE_DATE_EPOCH "")
set(VITRINE_SOURCE_DATE_FROM "")
if(DEFINED ENV{SOURCE_DATE_EPOCH})
  set(VITRINE_SOURCE_DATE_EPOCH "$ENV{SOURCE_DATE_EPOCH}")
  set(VITRINE_SOURCE_DATE_FROM "the environment")
else()
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${CMAKE_SOURCE_DIR} log -1 --format=%ct
                    OUTPUT_VARIABLE commit_date OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0 AND commit_date MATCHES "^[0-9]+$")
      set(VITRINE_SOURCE_DATE_EPOCH ${commit_date})
      set(VITRINE_SOURCE_DATE_FROM "the last commit")
      execute_process(COMMAND ${GIT_EXECUTABLE} -C ${CMAKE_SOURCE_DIR} rev-parse --git-path logs/HEAD
                      OUTPUT_VARIABLE head_log OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(head_log)
        get_filename_component(head_log "${head_log}" ABSOLUTE BASE_DIR ${CMAKE_SOURCE_DIR})
        if(EXISTS "${head_log}")
          set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${head_log}")
        endif()
      endif()
    endif()
  endif()
endif()
if(VITRINE_SOURCE_DATE_EPOCH AND NOT VITRINE_SOURCE_DATE_EPOCH MATCHES "^[0-9]+$")
  message(FATAL_ERROR "SOURCE_DATE_EPOCH is \"${VITRINE_SOURCE_DATE_EPOCH}\", not seconds since 1970")
endif()
if(VITRINE_SOURCE_DATE_EPOCH STREQUAL "")
  message(STATUS "Build date: none (no SOURCE_DATE_EPOCH, no git): builds are stamped with the time")
else()
  message(STATUS "Build date: SOURCE_DATE_EPOCH=${VITRINE_SOURCE_DATE_EPOCH}, from ${VITRINE_SOURCE_DATE_FROM}")
endif()
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/source_date_epoch CONTENT "${VITRINE_SOURCE_DATE_EPOCH}\n")
