/* Forced into Dear ImGui's OpenGL3 backend by web/deps.cmake (the web build only).
   Reading the scissor box or the blend state back makes the browser wait for
   the GPU to finish what it was given (2.2 ms for the scissor box in Chromium's
   SwiftShader, measured; bindings and the viewport cost microseconds): the
   backend's state backup is answered by web_page.cpp without asking the GPU. */
#pragma once
#include <GLES3/gl3.h>
#ifdef __cplusplus
extern "C"
#endif
    void
    ws_web_glGetIntegerv(GLenum pname, GLint* data);
#define glGetIntegerv ws_web_glGetIntegerv
