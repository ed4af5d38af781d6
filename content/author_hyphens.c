/* author_hyphens.c - the build's hyphenation (see content/hyphenation.h):
 * each locale's dictionary read once per process (kept while its file is
 * unchanged, so `vitrine preview`'s rebuild on every save reads none), and
 * the words of its texts the dictionary hyphenates, gathered twice over: from each panel as the
 * fit check lays it out (so the check sets long words as the kiosk will),
 * and from every text of the store at the end (author_write.c), which the
 * table of the store is written from. A language with no dictionary, or
 * one that cannot be read (a warning), gets no table: its long words are
 * cut, in the check as on the kiosk. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "author_internal.h"
#include "hyphenation.h"

/* Dictionaries read in this process, by file: a dictionary is only read
 * once loaded, so builds on several threads share it. Kept until the
 * process ends (a build never frees one); a file changed since (its size,
 * time or inode) is read again, the old copy kept, as a build on another
 * thread may hold it. At most DICT_CACHE files; past that, a build reads
 * its own and frees it. */
#define DICT_CACHE 16
static struct {
    char path[512];
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
    struct hyphen_dict *dict;
} cache[DICT_CACHE];
static int n_cache;
static pthread_mutex_t cache_mu = PTHREAD_MUTEX_INITIALIZER;

static int same_file(int i, const char *path, const struct stat *st)
{
    return strcmp(cache[i].path, path) == 0 && cache[i].dev == st->st_dev &&
           cache[i].ino == st->st_ino && cache[i].size == st->st_size &&
           cache[i].mtime.tv_sec == st->st_mtim.tv_sec &&
           cache[i].mtime.tv_nsec == st->st_mtim.tv_nsec;
}

/* The dictionary at path, read now or earlier in this process; *owned 1
 * when the caller must free it (the cache was full). */
static struct hyphen_dict *dict_get(const char *path, int *owned, char *why, size_t why_len)
{
    struct stat st;
    *owned = 0;
    if (stat(path, &st) != 0 || strlen(path) >= sizeof cache[0].path)
        return hyphen_dict_load(path, why, why_len); /* says why */
    pthread_mutex_lock(&cache_mu);
    struct hyphen_dict *d = NULL;
    for (int i = n_cache - 1; i >= 0 && !d; i--)
        if (same_file(i, path, &st))
            d = cache[i].dict;
    if (!d) {
        d = hyphen_dict_load(path, why, why_len);
        if (d && n_cache < DICT_CACHE) {
            strcpy(cache[n_cache].path, path);
            cache[n_cache].dev = st.st_dev;
            cache[n_cache].ino = st.st_ino;
            cache[n_cache].size = st.st_size;
            cache[n_cache].mtime = st.st_mtim;
            cache[n_cache++].dict = d;
        } else if (d) {
            *owned = 1;
        }
    }
    pthread_mutex_unlock(&cache_mu);
    return d;
}

struct hyphen_table *build_hyphens(struct build *b, int l)
{
    if (!b->hy_tried[l]) {
        char path[512], why[600];
        b->hy_tried[l] = 1;
        if (hyphen_dict_find(b->loc[l], path, sizeof path) != 0)
            return NULL;
        int owned;
        b->hy_dict[l] = dict_get(path, &owned, why, sizeof why);
        b->hy_dict_owned[l] = (unsigned char)owned;
        if (!b->hy_dict[l])
            build_warning(b, "exhibit.yaml", b->loc_line[l], "%s; the %s texts are not hyphenated",
                          why, b->loc[l]);
        else if (!(b->hy_words[l] = hyphen_table_new()))
            b->oom = 1;
    }
    return b->hy_words[l];
}

int build_hyphens_learn(struct build *b, int l, const char *text)
{
    struct hyphen_table *t = build_hyphens(b, l);
    return t && text ? hyphen_table_learn(t, b->hy_dict[l], text) : 0;
}

const struct hyphen_table *build_hyphens_panel(struct build *b, int l, const struct panel *p)
{
    const char *texts[] = {
        p->chapter,           p->heading,       p->body,         p->note,
        p->figure.prefix,     p->figure.suffix, p->figure.label, p->figure.part_of_label,
        p->quote.text,        p->quote.speaker, p->quote.role,   p->quote.context,
        p->quote.translation, p->image.alt};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        build_hyphens_learn(b, l, texts[i]);
    for (int i = 0; i < p->n_also; i++)
        build_hyphens_learn(b, l, p->also[i]);
    for (int i = 0; i < p->n_events; i++) {
        build_hyphens_learn(b, l, p->events[i].label);
        build_hyphens_learn(b, l, p->events[i].when);
    }
    for (int i = 0; i < p->n_values; i++)
        build_hyphens_learn(b, l, p->values[i].label);
    for (int i = 0; i < p->n_cites; i++) {
        build_hyphens_learn(b, l, p->cites[i].cite);
        build_hyphens_learn(b, l, p->cites[i].description);
    }
    for (int i = 0; i < p->video.n_captions; i++)
        build_hyphens_learn(b, l, p->video.captions[i].text);
    for (int k = 0; p->ui_text && k < UI_KEY_COUNT; k++)
        build_hyphens_learn(b, l, p->ui_text[k]);
    return build_hyphens(b, l);
}

void build_hyphens_free(struct build *b)
{
    for (int l = 0; l < MAX_LOCALES; l++) {
        if (b->hy_dict_owned[l])
            hyphen_dict_free(b->hy_dict[l]);
        hyphen_table_free(b->hy_words[l]);
    }
}
