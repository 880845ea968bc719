#include "gui/clicker.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace ws::gui {
namespace {

constexpr std::array<std::pair<std::string_view, int>, 14> kNamedKeys = {{
    {"PgDn", GLFW_KEY_PAGE_DOWN},
    {"PgUp", GLFW_KEY_PAGE_UP},
    {"Right", GLFW_KEY_RIGHT},
    {"Left", GLFW_KEY_LEFT},
    {"Space", GLFW_KEY_SPACE},
    {"Backspace", GLFW_KEY_BACKSPACE},
    {"Enter", GLFW_KEY_ENTER},
    {"B", GLFW_KEY_B},
    {".", GLFW_KEY_PERIOD},
    {"T", GLFW_KEY_T},
    {"F5", GLFW_KEY_F5},
    {"Esc", GLFW_KEY_ESCAPE},
    {"P", GLFW_KEY_P},
    {"Home", GLFW_KEY_HOME},
}};

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::optional<ClickerPress> clicker_press(int key, bool ctrl) {
  // Ctrl+arrows keep stepping instructions in a lesson; Ctrl+P and Ctrl+B are not the clicker's.
  if (ctrl) return std::nullopt;
  switch (key) {
    case GLFW_KEY_PAGE_DOWN:
    case GLFW_KEY_RIGHT:
    case GLFW_KEY_SPACE: return ClickerPress{ClickerAction::Forward};
    case GLFW_KEY_PAGE_UP:
    case GLFW_KEY_LEFT:
    case GLFW_KEY_BACKSPACE: return ClickerPress{ClickerAction::Back};
    case GLFW_KEY_ENTER:
    case GLFW_KEY_KP_ENTER: return ClickerPress{ClickerAction::Reveal};
    case GLFW_KEY_B:
    case GLFW_KEY_PERIOD: return ClickerPress{ClickerAction::Blank};
    case GLFW_KEY_T:
    case GLFW_KEY_HOME: return ClickerPress{ClickerAction::Contents};
    case GLFW_KEY_F5: return ClickerPress{ClickerAction::PresenterOn};
    case GLFW_KEY_ESCAPE: return ClickerPress{ClickerAction::PresenterOff};
    case GLFW_KEY_P: return ClickerPress{ClickerAction::PresenterToggle};
    default: break;
  }
  if (key >= GLFW_KEY_1 && key <= GLFW_KEY_9) return ClickerPress{ClickerAction::Choose, key - GLFW_KEY_1};
  if (key >= GLFW_KEY_KP_1 && key <= GLFW_KEY_KP_9) return ClickerPress{ClickerAction::Choose, key - GLFW_KEY_KP_1};
  return std::nullopt;
}

std::optional<int> key_named(std::string_view name) {
  for (const auto& [n, key] : kNamedKeys)
    if (same_name(n, name)) return key;
  if (name.size() == 1 && name[0] >= '1' && name[0] <= '9') return GLFW_KEY_1 + (name[0] - '1');
  return std::nullopt;
}

std::string key_names() {
  std::string s;
  for (const auto& [n, key] : kNamedKeys) s += std::string(s.empty() ? "" : ", ") + std::string(n);
  return s + ", 1..9";
}

}  // namespace ws::gui
