# Dependencies of the web build (included by the top-level CMakeLists.txt
# instead of third_party/ when WS_WEB is on). Nothing is vendored: the header-only libraries are Debian's own
# headers from /usr/include (portable C++), reached through a folder of links so
# that the rest of /usr/include (glibc's headers) never meets Emscripten's libc;
# Dear ImGui is Debian's 1.86 source package, fetched by scripts/web.sh.
set(ws_web_include ${CMAKE_BINARY_DIR}/web-include)
file(MAKE_DIRECTORY ${ws_web_include})
foreach(entry fmt nlohmann stb/stb_image_write.h stb/stb_truetype.h)
  get_filename_component(name ${entry} NAME)
  if(NOT EXISTS /usr/include/${entry})
    message(FATAL_ERROR "/usr/include/${entry} not found: scripts/web.sh installs libfmt-dev, nlohmann-json3-dev, libstb-dev")
  endif()
  file(CREATE_LINK /usr/include/${entry} ${ws_web_include}/${name} SYMBOLIC)
endforeach()

# {fmt}: natively the shared library; here header-only (no libfmt for wasm).
add_library(fmt::fmt INTERFACE IMPORTED GLOBAL)
target_include_directories(fmt::fmt SYSTEM INTERFACE ${ws_web_include})
target_compile_definitions(fmt::fmt INTERFACE FMT_HEADER_ONLY=1)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED GLOBAL)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE ${ws_web_include})
# No threads in the page: the window's jobs run in slices between frames.
add_library(Threads::Threads INTERFACE IMPORTED GLOBAL)

# Emscripten 3.1.6's libc++ (LLVM 14) has no <source_location>, which the tracer's
# subscripts use for their access sites: web/compat supplies it from clang's builtins.
include_directories(SYSTEM ${PROJECT_SOURCE_DIR}/web/compat)

if(NOT WS_IMGUI_SOURCE_DIR OR NOT EXISTS ${WS_IMGUI_SOURCE_DIR}/imgui.cpp)
  message(FATAL_ERROR "WS_IMGUI_SOURCE_DIR: Debian's imgui source package, unpacked (scripts/web.sh fetches it)")
endif()
set(d ${WS_IMGUI_SOURCE_DIR})
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/stb_image_write.c
     CONTENT "#define STB_IMAGE_WRITE_IMPLEMENTATION\n#include <stb_image_write.h>\n")
add_library(ws_imgui STATIC
  ${d}/imgui.cpp ${d}/imgui_demo.cpp ${d}/imgui_draw.cpp ${d}/imgui_tables.cpp ${d}/imgui_widgets.cpp
  ${d}/backends/imgui_impl_glfw.cpp ${d}/backends/imgui_impl_opengl3.cpp
  ${CMAKE_BINARY_DIR}/stb_image_write.c)
# Debian's -dev package puts imgui.h in /usr/include/imgui and the backends below
# it; the unpacked source has the same layout, so includes read the same.
target_include_directories(ws_imgui SYSTEM PUBLIC ${d} ${ws_web_include})
# WebGL2 is OpenGL ES 3 ("#version 300 es"); 1.86's backend would guess ES 2 on Emscripten.
target_compile_definitions(ws_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
target_link_options(ws_imgui INTERFACE -sUSE_GLFW=3)
# The test engine's item hooks: web_page.cpp records each labelled item's
# rectangle so that scripts/web-test.sh can click it (no test engine is linked).
target_compile_definitions(ws_imgui PUBLIC IMGUI_ENABLE_TEST_ENGINE)
# Exceptions end the tracer's probes and carry the loaders' errors: on for every
# target (Emscripten ignores throw otherwise), JavaScript-based as Debian's cache has them.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
set_source_files_properties(${d}/backends/imgui_impl_opengl3.cpp PROPERTIES
                            COMPILE_OPTIONS "-include;${PROJECT_SOURCE_DIR}/web/gl_shim.h")
