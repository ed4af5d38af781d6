/* author_audio.c - a panel's `audio_description:` mapping: one recorded
 * audio description per language, an Ogg Opus file that the audio guide
 * plays instead of synthesised speech for that panel in that language.
 * Each is read and checked as a clip is: its Ogg pages walked (a page cut
 * short or whose checksum does not match is damage that libopusfile would
 * skip without a word), then decoded whole with libopusfile, and its
 * duration, channels and size held to rules_audio (rules.h), in the words
 * the store reader uses. Nothing of it is kept in memory: the writer reads
 * the file again and stores it only if its bytes are those checked.
 * DEPENDENCIES: libopusfile, libsodium (BLAKE2b). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <opusfile.h>
#include <sodium.h>
#include <sqlite3.h>

#include "author_internal.h"
#include "source_file.h"

#define OPUS_RATE 48000 /* Opus always decodes at 48 kHz */

void audio_parse(struct build *b, const struct ynode *n, struct psrc *ps)
{
    char q[64];
    if (ynode_is_null(n))
        return;
    if (n->type != Y_MAP) {
        ERR(b, n->line,
            "audio_description is one Ogg Opus file per language, such as \"en: "
            "audio/03-distance.en.opus\", not %s",
            value_describe(q, sizeof q, n));
        return;
    }
    for (const struct ynode *kn = n->kid; kn && kn->next; kn = kn->next->next) {
        const struct ynode *e = kn->next;
        int l = kn->type == Y_SCALAR ? build_locale_index(b, kn->s) : -1;
        if (l < 0) {
            if (!b->locales_ok)
                continue;
            const char *hint = kn->type == Y_SCALAR ? value_suggest(kn->s, b->loc, b->nloc) : NULL;
            char h[64] = "";
            if (hint)
                snprintf(h, sizeof h, "; did you mean \"%s\"?", hint);
            ERR(b, kn->line, "audio_description: %s is not a language of this exhibit (%s)%s",
                value_describe(q, sizeof q, kn), build_locale_list(b), h);
            continue;
        }
        if (ps->audio[l].line) {
            ERR(b, kn->line, "audio_description: duplicate language \"%s\" (first at line %d)",
                b->loc[l], ps->audio[l].line);
            continue;
        }
        char key[64];
        snprintf(key, sizeof key, "audio_description.%s", b->loc[l]);
        ps->audio[l].line = kn->line;
        ps->audio[l].file = build_inner_path(b, e, key, "audio/03-distance.en.opus");
    }
}

/* What libopusfile's error code means, in words. */
static const char *opus_words(int e)
{
    switch (e) {
    case OP_HOLE:
        return "a part of the stream is missing";
    case OP_EREAD:
        return "it could not be read";
    case OP_EFAULT:
        return "the decoder ran out of memory";
    case OP_EIMPL:
        return "it uses a feature of Opus the decoder does not have";
    case OP_ENOTFORMAT:
        return "it is not an Ogg Opus file";
    case OP_EBADHEADER:
        return "its Opus header is damaged";
    case OP_EVERSION:
        return "it is a version of Opus the decoder does not know";
    case OP_ENOTAUDIO:
        return "it is not audio";
    case OP_EBADPACKET:
        return "the Opus stream is corrupt";
    case OP_EBADLINK:
        return "the parts of the stream do not fit together";
    case OP_EBADTIMESTAMP:
        return "its timestamps are damaged";
    default:
        return "the decoder refused it";
    }
}

/* "at 2.4 s" of a position in 48 kHz samples, into buf. */
static const char *at_time(long long samples, char *buf, size_t size)
{
    if (samples < 0)
        samples = 0;
    long long tenths = samples / (OPUS_RATE / 10);
    snprintf(buf, size, "at %lld.%lld s", tenths / 10, tenths % 10);
    return buf;
}

/* Ogg's CRC-32 of a page (polynomial 0x04c11db7, not reflected, from 0),
 * its checksum field counted as zeros. The table is built per call: 1 KB,
 * and no shared state between builds. */
static uint32_t page_crc(const unsigned char *p, size_t n)
{
    uint32_t table[256], crc = 0;
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t r = i << 24;
        for (int k = 0; k < 8; k++)
            r = r & 0x80000000u ? (r << 1) ^ 0x04c11db7u : r << 1;
        table[i] = r;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = i >= 22 && i < 26 ? 0 : p[i];
        crc = (crc << 8) ^ table[((crc >> 24) ^ c) & 0xff];
    }
    return crc;
}

/* What the file is when it is not Ogg, for the message. */
static const char *not_ogg(const unsigned char *d, size_t n)
{
    if (n >= 12 && memcmp(d, "RIFF", 4) == 0 && memcmp(d + 8, "WAVE", 4) == 0)
        return "is a WAV file, not Ogg Opus: export it as Ogg Opus (.opus)";
    if (n >= 4 && memcmp(d, "fLaC", 4) == 0)
        return "is a FLAC file, not Ogg Opus: export it as Ogg Opus (.opus)";
    if ((n >= 3 && memcmp(d, "ID3", 3) == 0) || (n >= 2 && d[0] == 0xff && (d[1] & 0xe0) == 0xe0))
        return "is an MP3 file, not Ogg Opus: export it as Ogg Opus (.opus)";
    if (n >= 8 && memcmp(d + 4, "ftyp", 4) == 0)
        return "is an MP4 or M4A file, not Ogg Opus: export it as Ogg Opus (.opus)";
    return "is not an Ogg Opus file: export it as Ogg Opus (.opus)";
}

/* Every Ogg page of d[0..n), end to end: whole, each one's checksum right,
 * nothing between them, the last one ending the stream. 0, or -1 with the
 * phrase in why. */
static int walk_pages(const unsigned char *d, size_t n, char *why, size_t why_len)
{
    char t[32];
    long long preskip = 0, granule = 0;
    size_t off = 0;
    int pages = 0, last_flags = 0;
    if (n >= 27 + 19 && memcmp(d, "OggS", 4) == 0 && 27u + d[26] + 19 <= n &&
        memcmp(d + 27 + d[26], "OpusHead", 8) == 0)
        preskip = d[27 + d[26] + 10] | d[27 + d[26] + 11] << 8;
    while (off < n) {
        const unsigned char *p = d + off;
        size_t left = n - off;
        if (left < 4 || memcmp(p, "OggS", 4) != 0) {
            if (pages == 0)
                return rules_fail(why, why_len, "%s", not_ogg(d, n));
            return rules_fail(why, why_len,
                              "is damaged %s: there are bytes that are not part of its Ogg "
                              "stream",
                              at_time(granule - preskip, t, sizeof t));
        }
        size_t nseg = left >= 27 ? p[26] : 0, len = 27 + nseg;
        for (size_t i = 0; len <= left && i < nseg; i++)
            len += p[27 + i];
        if (left < 27 || len > left)
            return rules_fail(why, why_len, "is cut short %s: its last page is incomplete",
                              at_time(granule - preskip, t, sizeof t));
        uint32_t crc =
            (uint32_t)p[22] | (uint32_t)p[23] << 8 | (uint32_t)p[24] << 16 | (uint32_t)p[25] << 24;
        if (p[4] != 0 || page_crc(p, len) != crc)
            return rules_fail(why, why_len,
                              "is damaged %s: a page of its Ogg stream does not match its "
                              "checksum (its bytes were changed)",
                              at_time(granule - preskip, t, sizeof t));
        uint64_t g = 0;
        for (int i = 7; i >= 0; i--)
            g = g << 8 | p[6 + i];
        if (g != UINT64_MAX && g <= INT64_MAX && (long long)g > granule)
            granule = (long long)g;
        last_flags = p[5];
        off += len;
        pages++;
    }
    if (pages == 0)
        return rules_fail(why, why_len, "%s", not_ogg(d, n));
    if (!(last_flags & 0x04))
        return rules_fail(why, why_len,
                          "is cut short %s: its stream does not end (its last pages are missing)",
                          at_time(granule - preskip, t, sizeof t));
    return 0;
}

/* d[0..n) decoded whole: its duration and the most channels of any part
 * (a chained stream may have several). Stops past RULES_AUDIO_MAX_MS. 0,
 * or -1 with the phrase in why. */
static int decode(const unsigned char *d, size_t n, long long *duration_ms, int *channels,
                  char *why, size_t why_len)
{
    char t[32];
    int err = 0;
    OggOpusFile *of = op_open_memory(d, n, &err);
    if (!of)
        return err == OP_ENOTFORMAT
                   ? rules_fail(why, why_len, "%s", not_ogg(d, n))
                   : rules_fail(why, why_len, "cannot be decoded: %s", opus_words(err));
    int most = 0;
    for (int li = 0; li < op_link_count(of); li++)
        if (op_channel_count(of, li) > most)
            most = op_channel_count(of, li);
    *channels = most;
    int ret = 0;
    if (most > RULES_AUDIO_MAX_CHANNELS) { /* rules_audio names it */
        *duration_ms = 1;
        goto done;
    }
    /* 120 ms of stereo, the most one Opus packet holds */
    enum { FRAMES = OPUS_RATE / 1000 * 120 };
    float *pcm = malloc(sizeof *pcm * FRAMES * RULES_AUDIO_MAX_CHANNELS);
    if (!pcm) {
        ret = rules_fail(why, why_len, "cannot be decoded: out of memory");
        goto done;
    }
    long long samples = 0, max = (long long)RULES_AUDIO_MAX_MS * (OPUS_RATE / 1000);
    for (;;) {
        int got = op_read_float(of, pcm, FRAMES * RULES_AUDIO_MAX_CHANNELS, NULL);
        if (got == 0)
            break;
        if (got < 0) {
            ret = rules_fail(why, why_len, "is damaged %s: %s", at_time(samples, t, sizeof t),
                             opus_words(got));
            break;
        }
        samples += got;
        if (samples > max) {
            /* too long, which rules_audio says: as long as the stream
             * says it is, where it says more (its last timestamp) */
            ogg_int64_t total = op_pcm_total(of, -1);
            if (total > samples)
                samples = (long long)total;
            break;
        }
    }
    free(pcm);
    *duration_ms = (samples * 1000 + OPUS_RATE / 2) / OPUS_RATE;
    if (samples > 0 && *duration_ms == 0)
        *duration_ms = 1;
done:
    op_free(of);
    return ret;
}

/* One recording: read, walked, decoded, held to the rules. */
static void check_one(struct build *b, int l, struct adesc *a)
{
    char why[512];
    const char *key = b->loc[l];
    char *path = build_printf(b, "%s/%s", b->src_dir, a->file);
    if (!path)
        return;
    struct stat st;
    int unread = stat(path, &st) != 0, gone = unread && errno == ENOENT;
    if (unread || !S_ISREG(st.st_mode)) {
        ERR(b, a->line, "audio_description.%s \"%s\" %s", key, a->file,
            gone ? "does not exist" : "is not a file that can be read");
        return;
    }
    /* too large, before it is read */
    if (rules_audio((long long)st.st_size, 1, 1, why, sizeof why) != 0) {
        ERR(b, a->line, "audio_description.%s \"%s\" %s", key, a->file, why);
        return;
    }
    unsigned char *data = NULL;
    size_t n = 0;
    if (source_file_read(path, RULES_AUDIO_MAX_BYTES, &data, &n, why, sizeof why) != 0) {
        ERR(b, a->line, "audio_description.%s \"%s\" %s", key, a->file, why);
        return;
    }
    long long duration = 0;
    int channels = 0;
    if (walk_pages(data, n, why, sizeof why) != 0 ||
        decode(data, n, &duration, &channels, why, sizeof why) != 0 ||
        rules_audio((long long)n, duration, channels, why, sizeof why) != 0 ||
        rules_audio_stream(data, n, channels, why, sizeof why) != 0) {
        ERR(b, a->line, "audio_description.%s \"%s\" %s", key, a->file, why);
        free(data);
        return;
    }
    a->bytes = (long long)n;
    a->duration_ms = duration;
    a->channels = channels;
    crypto_generichash(a->hash, sizeof a->hash, data, n, NULL, 0);
    a->ok = 1;
    free(data);
}

void audio_check(struct build *b, struct psrc *ps)
{
    for (int l = 0; l < b->nloc && b->nerr < MAX_ERRORS; l++)
        if (ps->audio[l].file)
            check_one(b, l, &ps->audio[l]);
}

int audio_write(struct build *b, sqlite3 *db, int pos, const struct psrc *ps)
{
    int ret = 0;
    const char *saved = b->cur;
    b->cur = ps->file;
    for (int l = 0; l < b->nloc && ret == 0; l++) {
        const struct adesc *a = &ps->audio[l];
        if (!a->file)
            continue;
        if (!a->ok) { /* the check reported it */
            ret = -1;
            break;
        }
        char why[256];
        unsigned char *data = NULL, hash[sizeof a->hash];
        size_t n = 0;
        char *path = build_printf(b, "%s/%s", b->src_dir, a->file);
        if (!path || source_file_read(path, RULES_AUDIO_MAX_BYTES, &data, &n, why, sizeof why)) {
            if (path)
                ERR(b, a->line, "audio_description.%s \"%s\" %s", b->loc[l], a->file, why);
            ret = -1;
            break;
        }
        crypto_generichash(hash, sizeof hash, data, n, NULL, 0);
        if ((long long)n != a->bytes || memcmp(hash, a->hash, sizeof hash) != 0) {
            ERR(b, a->line, "audio_description.%s \"%s\" changed while the exhibit was being built",
                b->loc[l], a->file);
            ret = -1;
        }
        sqlite3_stmt *st = NULL;
        if (ret == 0 && sqlite3_prepare_v2(db,
                                           "INSERT INTO audio_description (position, locale, name,"
                                           " duration_ms, channels, data)"
                                           " VALUES (?, ?, ?, ?, ?, ?)",
                                           -1, &st, NULL) == SQLITE_OK) {
            sqlite3_bind_int(st, 1, pos);
            sqlite3_bind_text(st, 2, b->loc[l], -1, SQLITE_STATIC);
            sqlite3_bind_text(st, 3, a->file, -1, SQLITE_STATIC);
            sqlite3_bind_int64(st, 4, a->duration_ms);
            sqlite3_bind_int(st, 5, a->channels);
            sqlite3_bind_blob64(st, 6, data, n, SQLITE_STATIC);
            if (sqlite3_step(st) != SQLITE_DONE)
                ret = -1;
        } else if (ret == 0) {
            ret = -1;
        }
        sqlite3_finalize(st);
        free(data);
    }
    b->cur = saved;
    return ret;
}
