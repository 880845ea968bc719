# The Debian package of the native program: `cpack -G DEB` in a build folder
# (scripts/package.sh builds one in build-pkg/). It holds what `cmake --install`
# puts in the prefix (bin/warpscope; its data in share/warpscope, found from
# <exe>/../share/warpscope: ws/kernels/assets.hpp) under /usr, plus a desktop
# entry, an icon (packaging/make-icon.py draws it) and a man page made from
# --help (and each subcommand's, packaging/man-commands.sh) by help2man when
# that is installed.
#
# Dependencies: dpkg-shlibdeps reads the binary's libraries (libglfw3, libegl1,
# libstdc++6, ...); fonts-dejavu-core is loaded by the window at run time, so it
# is named here. CUDA is no dependency: ws_kernels links CUDA::cudart_static and
# the runtime opens the driver (libcuda.so.1) itself when a GPU is there.

# The menu entry starts the window; a build without one has none to start.
if(WS_BUILD_GUI)
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/warpscope.desktop DESTINATION share/applications)
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/warpscope.png DESTINATION share/icons/hicolor/256x256/apps)
endif()

# The man page from the built program's --help and --version, at build time.
find_program(WS_HELP2MAN help2man)
find_program(WS_GZIP gzip)
if(WS_HELP2MAN AND WS_GZIP AND TARGET warpscope)
  set(ws_man ${PROJECT_BINARY_DIR}/man/warpscope.1)
  add_custom_command(
    OUTPUT ${ws_man}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
    # Each subcommand's --help as a COMMANDS section (--help alone lists only their names).
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/man-commands.sh $<TARGET_FILE:warpscope> ${PROJECT_BINARY_DIR}/man/commands.h2m
    COMMAND ${WS_HELP2MAN} --no-info --no-discard-stderr --section 1
            --name "how GPUs serve shared and global memory, simulated and measured"
            --include ${PROJECT_BINARY_DIR}/man/commands.h2m
            --output ${ws_man} $<TARGET_FILE:warpscope>
    # -n: no name or time stamp in the .gz, so the package is the same from build to build.
    COMMAND ${WS_GZIP} -9nf ${ws_man}
    DEPENDS warpscope ${CMAKE_CURRENT_LIST_DIR}/man-commands.sh
    COMMENT "Man page warpscope.1 from warpscope --help (help2man)"
    VERBATIM)
  add_custom_target(warpscope_man ALL DEPENDS ${ws_man}.gz)
  install(FILES ${ws_man}.gz DESTINATION share/man/man1)
  set(WS_PACKAGE_HAS_MAN ON)
else()
  message(STATUS "warpscope: no help2man: the package has no man page (scripts/install-deps.sh installs it)")
  set(WS_PACKAGE_HAS_MAN OFF)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME warpscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "warpscope")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "how GPUs serve shared and global memory, simulated and measured")
# The package's long description, one line each (CPack indents them for the control file).
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
       "warpscope teaches how a GPU serves memory. Pick a kernel (a matrix"
       "transpose, a tiled matrix multiply, a strided read), step through it warp"
       "by warp, and see which shared-memory bank each lane hits, how many"
       "wavefronts an instruction costs and which 32-byte sectors a global access"
       "pulls in, next to timings recorded on an H100 and an H200."
       "Built-in lessons, presenter mode, and a command line.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # warpscope_0.1_amd64.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "warpscope maintainers <maintainers@users.noreply.a-seed-354a9967.example>")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
# Debian policy's two files of every package (lintian: no-copyright-file,
# no-changelog), and a compressed data tarball (uses-no-compression-for-data-tarball).
install(FILES ${CMAKE_CURRENT_LIST_DIR}/copyright DESTINATION share/doc/warpscope)
if(WS_GZIP)
  set(ws_changelog ${PROJECT_BINARY_DIR}/doc/changelog.gz)
  add_custom_command(OUTPUT ${ws_changelog}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/doc
    COMMAND ${WS_GZIP} -9nc ${CMAKE_CURRENT_LIST_DIR}/changelog > ${ws_changelog}
    DEPENDS ${CMAKE_CURRENT_LIST_DIR}/changelog
    COMMENT "Debian changelog.gz")
  add_custom_target(warpscope_changelog ALL DEPENDS ${ws_changelog})
  install(FILES ${ws_changelog} DESTINATION share/doc/warpscope)
endif()
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
include(CPack)

# Its test: cpack from this build's tree, the package run from a scratch root
# (tests/install/deb_package.sh), about 10 s on 2 cores. Needs dpkg-deb and
# dpkg-shlibdeps (dpkg-dev); not in a sanitizer build, whose instrumented
# binary is no product and would only add time.
find_program(WS_DPKG_DEB dpkg-deb)
find_program(WS_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(WS_BUILD_TESTS AND WS_DPKG_DEB AND WS_DPKG_SHLIBDEPS AND NOT CMAKE_CXX_FLAGS MATCHES "-fsanitize")
  add_test(NAME package_deb_installs_and_runs
           COMMAND ${PROJECT_SOURCE_DIR}/tests/install/deb_package.sh ${CMAKE_CPACK_COMMAND} ${PROJECT_BINARY_DIR}
                   ${WS_PACKAGE_HAS_MAN} ${PROJECT_VERSION} $<IF:$<BOOL:${WS_BUILD_GUI}>,ON,OFF>)
  set_tests_properties(package_deb_installs_and_runs PROPERTIES TIMEOUT 180)
endif()
