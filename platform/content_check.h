/* content_check.h - can this kiosk show every panel of an exhibit? Every
 * visible character in an installed font, every panel laid out without
 * overflow at the screen's size, every photo decodable within the limits of
 * photo.h. `bundle build` checks panels as it compiles them (at every size
 * of cli_sizes); an import checks the whole store at the kiosk's own size
 * before switching to it. */
#ifndef VITRINE_CONTENT_CHECK_H
#define VITRINE_CONTENT_CHECK_H

#include <stddef.h>

#include "layout.h"
#include "panel.h"
#include "store.h"
#include "author.h"

struct content_check;

/* Opens the fonts (text.h); NULL with why when there are none. */
struct content_check *content_check_new(char *why, size_t why_len);
/* The same with fonts the caller already has (borrowed: t must outlive c). */
struct text;
struct content_check *content_check_borrow(struct text *t, char *why, size_t why_len);
void content_check_free(struct content_check *c);

/* What a check is doing, before each long step (a clip decoded: "Checking
 * video videos/start.mp4 (panel 3)", done of total): an import says it on
 * its progress bar, and a crash there can be named. */
typedef void (*content_check_step_fn)(void *ctx, int done, int total, const char *what);
void content_check_on_step(struct content_check *c, content_check_step_fn step, void *ctx);

/* One panel: glyphs, then layout at each of sizes[0..n), then its photo
 * (if any) decoded at the first size. 0; -2 for a whole-message error (a
 * character no font has, naming the field and the character; a photo that
 * does not decode, naming it); -1 when a box does not fit: why says so in
 * plain words, naming every size at which that box does not fit (one
 * message: "the body of panel x is too long for the screen at 800x480 and
 * 1080x1920: ...; shorten it by about 12 words, or split the panel"), and
 * *field (may be NULL) is the panel's key it is about ("body"; NULL when
 * not known, see struct draw_list). Sizes past the 32nd are not named. */
int content_check_panel(struct content_check *c, const struct panel *p,
                        const struct layout_screen *sizes, int n, char *why, size_t why_len,
                        const char **field);

/* Every panel of s in every language at w x h. 0, or -1 with why naming
 * the panel. (*checked, may be NULL: how many panel texts were checked.) */
/* Measure and check with an exhibit's own fonts from now on (text_set_fonts
 * on the checker's text): 0, or -1 with why. data NULL: none. */
int content_check_fonts(struct content_check *c, const void *const data[FACE_COUNT],
                        const size_t size[FACE_COUNT], const char *const name[FACE_COUNT],
                        char *why, size_t why_len);
/* The characters the exhibit's own fonts lack, as lines for staff
 * ("fonts.serif lacks U+D3C9 U+C591, used by the exhibit: the fallback fonts
 * draw them"), for the panels checked since its fonts were set; returns
 * how many lines (0: the fonts have every character, or there are none). */
int content_check_font_report(struct content_check *c, char *out, size_t out_len);
/* The same with the fonts store s carries (bytes in a). */
int content_check_store_fonts(struct content_check *c, struct store *s, struct arena *a, char *why,
                              size_t why_len);
int content_check_store(struct content_check *c, struct store *s, int w, int h, int *checked,
                        char *why, size_t why_len);

/* The build's clip hook (author.h: author_clip_fn; ctx unused): the clip
 * at path decoded with libmpv (platform/video.h), what it is, and its
 * frame at poster_ms as a JPEG of at most 1920x1080 for its poster. */
int content_check_clip(void *ctx, const char *path, long long poster_ms, int want_poster,
                       struct author_clip *out, char *why, size_t why_len);

/* Every clip of s decoded on this kiosk from the store itself, and found
 * to be what the store says it is (codec, size, length): 0, or -1 with why
 * naming the clip and its first panel. (*checked, may be NULL: how many.)
 * A store in memory (no file to read clips from) with clips fails. */
int content_check_clips(struct store *s, int *checked, char *why, size_t why_len,
                        content_check_step_fn step, void *step_ctx);

#endif
