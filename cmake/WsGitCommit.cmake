# The commit a build comes from, for `warpscope --version`: `git describe
# --always --dirty` of the source tree at configure time, or "unknown" where
# the tree is no git checkout (a release tarball; a tarball unpacked inside
# some other repository must not report that repository's commit, hence the
# .git check rather than asking git from the folder).
#
# Script mode prints it, which the test of the fallback uses:
#   cmake -DWS_SOURCE_DIR=DIR -P cmake/WsGitCommit.cmake
function(ws_git_commit source_dir out_var)
  set(commit "unknown")
  find_package(Git QUIET)
  if(GIT_FOUND AND EXISTS "${source_dir}/.git")
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${source_dir}" describe --always --dirty
                    OUTPUT_VARIABLE described OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0 AND NOT described STREQUAL "")
      set(commit "${described}")
    endif()
  endif()
  set(${out_var} "${commit}" PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND DEFINED WS_SOURCE_DIR)
  ws_git_commit("${WS_SOURCE_DIR}" commit)
  message("${commit}")
endif()
