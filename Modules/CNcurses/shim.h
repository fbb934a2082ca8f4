// The few parts of ncursesw that Swift cannot reach directly: C globals (not
// concurrency-safe when imported) and macros (not imported at all).
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_color_pair(int n) { return COLOR_PAIR(n); }
static inline attr_t cn_attr_bold(void) { return A_BOLD; }
static inline attr_t cn_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cn_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_attr_dim(void) { return A_DIM; }
static inline int cn_key_f(int n) { return KEY_F(n); }
