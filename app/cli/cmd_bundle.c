/* cmd_bundle.c - `vitrine bundle build SRC_DIR -o FILE`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "author.h"
#include "content_check.h"
#include "cli.h"
#include "speech_check.h"
#include "clock.h"
#include "mode.h"
#include "layout.h"
#include "text.h"
#include "log.h"
#include "ui_strings.h"

/* Every character in a font, then the panel laid out with the real fonts
 * at every supported size. */
static int fit_check(void *ctx, const struct panel *p, char *why, size_t why_len,
                     const char **field)
{
    struct layout_screen sizes[CLI_N_SIZES];
    for (int i = 0; i < CLI_N_SIZES; i++)
        sizes[i] = mode_layout_screen(cli_sizes[i].w, cli_sizes[i].h, 0);
    return content_check_panel(ctx, p, sizes, CLI_N_SIZES, why, why_len, field);
}

static int use_fonts(void *ctx, const void *const data[3], const size_t size[3],
                     const char *const name[3], char *why, size_t why_len)
{
    return content_check_fonts(ctx, data, size, name, why, why_len);
}

struct warn_to {
    void (*fn)(void *ctx, const char *line);
    void *ctx;
};

static void build_warning(void *ctx, const char *line)
{
    const struct warn_to *w = ctx;
    log_warn("bundle", "%s", line);
    if (w->fn)
        w->fn(w->ctx, line);
}

int cli_build_exhibit(struct text *t, const char *src_dir, const char *out_path,
                      void (*warn)(void *ctx, const char *line), void *warn_ctx, char *why,
                      size_t why_len)
{
    struct warn_to to = {warn, warn_ctx};
    /* SOURCE_DATE_EPOCH or now: the only clock the build sees */
    int64_t built_at;
    if (clock_build_time(&built_at, why, why_len) != 0)
        return -1;
    struct content_check *c = content_check_borrow(t, why, why_len);
    if (!c)
        return -1;
    struct author_opts ao = {.fit = fit_check,
                             .fit_ctx = c,
                             .warn = build_warning,
                             .warn_ctx = &to,
                             .fonts = use_fonts,
                             .built_at = built_at,
                             .clip = content_check_clip,
                             .ui_builtin = ui_builtin};
    int rc = author_build(src_dir, out_path, &ao, why, why_len);
    char lacks[1024];
    if (rc == 0 && content_check_font_report(c, lacks, sizeof lacks) > 0)
        for (char *line = lacks, *end; line; line = end) {
            end = strchr(line, '\n');
            if (end)
                *end++ = '\0';
            char full[1100];
            snprintf(full, sizeof full, "exhibit.yaml: %s", line);
            build_warning(&to, full);
        }
    /* the borrowed text measures with the fonts it had before */
    char ignored[64];
    content_check_fonts(c, NULL, NULL, NULL, ignored, sizeof ignored);
    content_check_free(c);
    return rc;
}

/* What the audio guide could not say of the exhibit just written: a
 * language eSpeak NG has no voice for, a part a visitor sees and would
 * not hear (the lines `bundle verify` prints; a report, never a refusal). */
static void speak_check(const char *path)
{
    char why[512];
    struct store *s = NULL;
    if (store_open_file(path, &s, why, sizeof why) != 0)
        return;
    FILE *f = tmpfile();
    struct speech_check sc;
    if (f && speech_check_store(s, 1920, 1080, f, &sc, why, sizeof why) == 0 &&
        (sc.no_voice || sc.silent)) {
        rewind(f);
        char line[1024];
        while (fgets(line, sizeof line, f))
            if (strstr(line, "no eSpeak NG voice") || strstr(line, ": silent: ") ||
                strncmp(line, "speech: eSpeak NG", 17) == 0)
                fputs(line, stdout);
    }
    if (f)
        fclose(f);
    store_close(s);
}

int cmd_bundle(const struct options *o)
{
    if (o->n_positional != 1 || !o->out) {
        fprintf(stderr, "vitrine bundle build: usage: vitrine bundle build SRC_DIR -o FILE\n");
        return 2;
    }
    char why[8192] = "";
    struct text *t = text_open(NULL, why, sizeof(why));
    if (!t) {
        fprintf(stderr, "vitrine bundle build: no font to check the layout with: %s\n", why);
        return 1;
    }
    int rc = cli_build_exhibit(t, o->positional[0], o->out, NULL, NULL, why, sizeof(why));
    text_close(t);
    if (rc != 0) {
        fprintf(stderr, "%s%s", why, why[0] && why[strlen(why) - 1] == '\n' ? "" : "\n");
        fprintf(stderr, "vitrine bundle build: %s was not written\n", o->out);
        return 1;
    }
    speak_check(o->out);
    printf("wrote %s\n", o->out);
    return 0;
}
