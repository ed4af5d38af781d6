/* overlay.h - the interactive user interface as a draw list: touch
 * controls, the chapter index and the "still there?" card. Pure, like
 * layout.h: no SDL, no clock; the kiosk draws the list over the panel with
 * display_draw_list, and tests assert on it with a fake measurer.
 *
 * What is drawn follows struct mode_view:
 *   MODE_LOOP         the invitation in every language offered, the
 *                     shown one first ("Touch to explore · Touchez pour
 *                     explorer"), bold, in the chrome's band under its
 *                     rule; nothing else.
 *   MODE_INTERACTIVE  each CONTROL_MAIN control as a button at its rect:
 *                     prev/next as tall side plates with a chevron, the
 *                     bottom bar (start, chapters, text size, language)
 *                     with labels.
 *                     With index_open: a near-opaque scrim, a heading, one
 *                     button per chapter (CONTROL_INDEX, ACT_JUMP) and the
 *                     close button, instead of the main controls.
 *                     With languages_open (the picker, three languages or
 *                     more): the same scrim, the language mark (文A) over
 *                     a grid of one button per language
 *                     (CONTROL_LANGUAGES, ACT_LANGUAGE) with its own name
 *                     in its own language's rules, on two lines if need
 *                     be (its code where the name cannot be shown whole),
 *                     the current one framed and barred in the accent
 *                     colour, and the close button. The button that opens
 *                     it (ACT_OPEN_LANGUAGES) shows the mark and the
 *                     current language's own name.
 *   MODE_COUNTDOWN    the interactive UI dimmed, and a centred card: the
 *                     question, a line of explanation and the seconds left.
 * view->pressed is drawn filled with the accent colour (touch feedback).
 *
 * Geometry: buttons are exactly the controls' hit rectangles (normalised,
 * from mode_controls_layout) converted with overlay_control_rect. Every
 * label is fitted inside its button: its type steps down from the design
 * size, then long text is cut with an ellipsis; nothing is drawn outside
 * its box or the screen. Sizes derive from u = short side / 100 like
 * layout.c, and from the buttons themselves. */
#ifndef VITRINE_OVERLAY_H
#define VITRINE_OVERLAY_H

#include "arena.h"
#include "layout.h"
#include "mode.h"
#include "staff.h"

struct ui_words;

struct overlay_info {
    const char *locale; /* UI language (ui_string); NULL: English */
    /* each language's words, parallel to locale_codes (n_locales of them:
     * the exhibit's over the built-in ones, ui_words_init); NULL, or a
     * language not among locale_codes: the built-in words */
    const struct ui_words *words;
    int panel; /* current panel, 0-based, and how many there are */
    int n_panels;
    /* chapter titles in order; an ACT_JUMP control of the index is chapter
     * control.item. Missing or NULL titles are drawn as their number only. */
    const char *const *chapters;
    int n_chapters;
    int current_chapter; /* marked in the index */
    int index_page;      /* the index's page shown, 0-based, and how many */
    int index_pages;     /* there are (0 or 1: the index is not paged) */
    /* language buttons and the picker: names in their own language ("Français"), and
     * optionally the locale codes ("fr"); a name too wide for its button at
     * a readable size is replaced by the upper-cased code ("FR"). */
    const char *const *locale_names;
    int n_locales;
    int current_locale;              /* marked on the language buttons */
    const char *const *locale_codes; /* may be NULL */
    int larger_text;                 /* the visitors' larger text is on: the ACT_TEXT_SIZE
                                      * toggle reads "A" (back to normal) and is marked,
                                      * else "A+" */
    /* the loop's invitation: 0, every language on one line, still (under
     * reduced motion); 1, one at a time: invite_lang, its place in
     * locale_codes, and invite_rise, how far it still has to rise into
     * place (1: below its line and faint, 0: on it, opaque) */
    int invite_one;
    int invite_lang;
    double invite_rise;
    /* the audio guide's focus (kiosk.h): a ring round focus, px, laid out
     * left to right like the controls */
    int focus_on;
    struct draw_rect focus;
};

/* Lay out the overlay for this view. controls/n_controls are the kiosk's
 * controls (the indices view->pressed refers to). Every item is
 * LAYER_STATIC; items and the strings they point to live in `a` (and in
 * info's strings, which must outlive the list). *out is overwritten.
 * Returns 0, or -1 on bad arguments or allocation failure (out is then
 * empty or partial but drawable). */
int overlay_layout(const struct layout_screen *screen, const struct control *controls,
                   int n_controls, const struct mode_view *view, const struct overlay_info *info,
                   const struct text_measurer *m, struct arena *a, struct draw_list *out);

/* The width, px, a bottom bar button needs to show label whole on one
 * line at its design size, insets included: the kiosk asks it for each
 * language's "Start" and "Chapters", and mode_controls_layout makes those
 * buttons that wide where the bar has room (control_spec.home_px). */
int overlay_label_width(const struct layout_screen *screen, const char *label,
                        const struct text_measurer *m);

/* The pixel rectangle of a control on screen (rounded, clipped to it). */
struct draw_rect overlay_control_rect(const struct layout_screen *screen, const struct control *c);

/* ---- staff (staff.h) ------------------------------------------------------
 *
 * The import's progress bar and result card sit at the bottom of the
 * screen, above the line where a notice goes (so neither hides the other,
 * nor the controls' bar); the kiosk lays the panel out to end above them
 * while they show (layout_screen.above), so they cover no text. The keypad and the staff screen
 * cover the screen. Their controls (CONTROL_STAFF, from
 * mode_staff_keypad_layout and mode_staff_screen_layout) are drawn as
 * buttons exactly at their hit rectangles, like the visitors' ones. */

#define OVERLAY_STAFF_STEPS 8 /* positions of an indeterminate bar's segment */

struct overlay_staff_status {
    const struct staff_progress *progress; /* NULL or !active: no bar */
    const struct staff_card *card;         /* NULL or !shown: no card */
    int step;                              /* indeterminate bar: 0..OVERLAY_STAFF_STEPS-1 */
    const char *locale;                    /* the kiosk's words (ui_strings.h) */
};

/* The bar and the card. *card_rect (may be NULL) gets the card's rectangle
 * (w 0 when there is none): a tap there dismisses it. Items point into s's
 * strings, which must outlive the list. 0, or -1 like overlay_layout. */
int overlay_staff_status(const struct layout_screen *screen, const struct overlay_staff_status *s,
                         const struct text_measurer *m, struct arena *a, struct draw_list *out,
                         struct draw_rect *card_rect);

struct overlay_staff_keypad {
    int digits;    /* typed so far: shown as dots */
    int wrong;     /* the last PIN was wrong */
    int too_short; /* OK with fewer than STAFF_PIN_MIN digits */
    int locked_s;  /* > 0: locked out for this many more seconds */
    const char *locale;
};

/* The keypad over a near-opaque scrim: heading, dots, a message line, the
 * keys. pressed: index into controls drawn pressed, or -1. */
int overlay_staff_keypad(const struct layout_screen *screen, const struct control *controls,
                         int n_controls, int pressed, const struct overlay_staff_keypad *kp,
                         const struct text_measurer *m, struct arena *a, struct draw_list *out);

/* The staff screen on an opaque background: the facts of info (title,
 * version, signer, last import, storage, recent log lines; what does not
 * fit is cut, log lines first) and the buttons. confirm_exit: the exit
 * button asks for its second tap. */
int overlay_staff_screen(const struct layout_screen *screen, const struct control *controls,
                         int n_controls, int pressed, const struct staff_info *info,
                         int confirm_exit, const char *locale, const struct text_measurer *m,
                         struct arena *a, struct draw_list *out);

#endif
