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
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

/* A screen on the process's own standard output and input (stdout/stdin are C globals too).
   Returns NULL when the terminal type is unknown, where initscr would exit the process. */
static inline SCREEN *cn_newterm(const char *type) { return newterm(type, stdout, stdin); }

/* The key code curses returns for the key a terminfo capability names (e.g. "kPRV5",
   Ctrl-PgUp), or 0 when the terminal description does not define it. */
static inline int cn_key_code(const char *capability) {
    const char *sequence = tigetstr(capability);
    if (sequence == NULL || sequence == (const char *)-1) return 0;
    int code = key_defined(sequence);
    return code > 0 ? code : 0;
}
