/* cli.h - the subcommands of the `vitrine` executable. Each returns the
 * process exit status: 0 success, 1 failure, 2 bad usage. */
#ifndef VITRINE_CLI_H
#define VITRINE_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"
#include "options.h"
#include "stats.h"

int cmd_run(const struct options *o);
int cmd_render(const struct options *o);
int cmd_bundle(const struct options *o);
int cmd_bench(const struct options *o, const char *argv0);
int cmd_preview(const struct options *o);
/* `vitrine soak`: the run loop for days of simulated time (cmd_soak.c). */
int cmd_soak(const struct options *o);

struct text;
/* What `bundle build` does (cmd_bundle.c): build src_dir into out_path with
 * the fit and glyph checks, measuring with t (borrowed; the preview passes
 * its display's), stamped with SOURCE_DATE_EPOCH where it is set, else
 * the time now (platform/clock.h: clock_build_time). 0, or -1 with the
 * errors, one "file:line: reason" per line, in why. Each warning (one
 * "file:line: what" line, the build still succeeds) is logged, and given
 * to warn(warn_ctx, line) too when warn is not NULL. */
int cli_build_exhibit(struct text *t, const char *src_dir, const char *out_path,
                      void (*warn)(void *ctx, const char *line), void *warn_ctx, char *why,
                      size_t why_len);
int cmd_import(const struct options *o);
int cmd_rollback(const struct options *o);
int cmd_staff_pin(const struct options *o);
/* `vitrine stats export|summary|demo` (cmd_stats.c). */
int cmd_stats(const struct options *o, const char *sub);
int cmd_bundle_verify(const struct options *o);
int cmd_bundle_inspect(const struct options *o);

/* The statistics' bounds of the settings (stats_days, stats_max_rows). */
static inline struct stats_opts cli_stats_opts(const struct options *o)
{
    return (struct stats_opts){.retention_days = (int)o->stats_days, .max_rows = o->stats_max_rows};
}

/* Open the content to show: `path` if given and valid, else the built-in
 * exhibit. When `path` is refused, its reason is logged as one line and
 * copied to notice (for the staff notice on screen); notice is "" when
 * the requested content opened. NULL only when nothing at all opens. */
struct store *cli_open_content(const char *path, char *notice, size_t notice_len);

/* A command that writes the state folder, run as root on a folder that
 * belongs to another user (the service's, `vitrine`): what it wrote
 * would belong to root, and the kiosk service could not change it (its
 * statistics, a generation it cannot tidy). 0 to go on; else it printed
 * why and the command to run instead (sudo -u OWNER vitrine ARGS) and the
 * caller exits 1. */
int cli_refuse_root(const struct options *o, const char *command, const char *args);

/* The screen sizes every panel must read well at (`bundle build` lays out
 * every panel at each): the common kiosk and signage displays, landscape
 * and portrait, from 800x480 to 4K. */
#define CLI_N_SIZES 9
extern const struct cli_size {
    int w, h;
} cli_sizes[CLI_N_SIZES];

#endif
