/* Exact figures: decimal.h's parse, text, order and rounding, and a
 * property test that random decimals of up to 18 digits and 0 to 6
 * decimals, as an author writes them, come back digit for digit through
 * the store's TEXT column and the formatter, in English and French. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "app/visitor/layout.h"
#include "app/visitor/numfmt.h"
#include "content/decimal.h"

static struct decimal parse_ok(const char *s, int canonical)
{
    struct decimal d = {0, 0, 0};
    if (decimal_parse(s, strlen(s), canonical, &d) != DECIMAL_OK)
        fail_msg("'%s' refused", s);
    return d;
}

static void written_forms_parse_to_canonical_text(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } ok[] = {{"99999999999999.99", "99999999999999.99"},
              {"0.1", "0.1"},
              {"2.675", "2.675"},
              {"-0.0", "-0.0"},
              {"+12", "12"},
              {"007.50", "7.50"},
              {".5", "0.5"},
              {"5.", "5"},
              {"1.5e6", "1500000"},
              {"1.50e1", "15"},
              {"25e-3", "0.025"},
              {"0e9", "0"},
              {"999999999999999999", "999999999999999999"},
              {"0.000000000000000001", "0.000000000000000001"}};
    char buf[DECIMAL_TEXT_MAX];
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        struct decimal d = parse_ok(ok[i].in, 0);
        assert_string_equal(decimal_text(&d, buf), ok[i].out);
        /* the canonical text is accepted as the store's form, unchanged */
        struct decimal back = parse_ok(buf, 1);
        assert_memory_equal(&back, &d, sizeof d);
    }
    static const char *const too_long[] = {"1234567890123456789", "0.0000000000000000001", "1e18",
                                           "1.0000000000000000000"};
    for (size_t i = 0; i < sizeof too_long / sizeof *too_long; i++) {
        struct decimal d;
        assert_int_equal(decimal_parse(too_long[i], strlen(too_long[i]), 0, &d), DECIMAL_TOO_LONG);
    }
    static const char *const bad[] = {"", "-", ".", "1..2", "1e", "e5", "1.2.3", "0x10", "1,5"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        struct decimal d;
        assert_int_equal(decimal_parse(bad[i], strlen(bad[i]), 0, &d), DECIMAL_NOT_A_NUMBER);
    }
    /* the store's form is the canonical text only */
    static const char *const not_canonical[] = {"+1", "01", "1.", ".5", "1e3", "-01.5"};
    for (size_t i = 0; i < sizeof not_canonical / sizeof *not_canonical; i++) {
        struct decimal d;
        assert_int_equal(decimal_parse(not_canonical[i], strlen(not_canonical[i]), 1, &d),
                         DECIMAL_NOT_A_NUMBER);
    }
}

static void order_and_rounding_are_exact(void **state)
{
    (void)state;
    struct decimal a = parse_ok("99999999999999.99", 0), b = parse_ok("99999999999999.98", 0);
    assert_int_equal(decimal_cmp(&a, &b), 1);
    assert_int_equal(decimal_cmp(&b, &a), -1);
    struct decimal z = parse_ok("-0.0", 0), z2 = parse_ok("0", 0);
    assert_int_equal(decimal_cmp(&z, &z2), 0);
    struct decimal n = parse_ok("-1.5", 0), m = parse_ok("-1.25", 0);
    assert_int_equal(decimal_cmp(&n, &m), -1);
    struct decimal r;
    int exact;
    char buf[DECIMAL_TEXT_MAX];
    struct decimal x = parse_ok("2.675", 0);
    assert_int_equal(decimal_rescale(&x, 2, &r, &exact), 0);
    assert_false(exact);
    assert_string_equal(decimal_text(&r, buf), "2.68"); /* half away from zero, not 2.67 */
    assert_int_equal(decimal_rescale(&x, 5, &r, &exact), 0);
    assert_true(exact);
    assert_string_equal(decimal_text(&r, buf), "2.67500");
    struct decimal big = parse_ok("999999999999999999", 0);
    assert_int_equal(decimal_rescale(&big, 1, &r, NULL), -1);
}

/* Without grouping, with '.' for the point and '-' for the minus sign. */
static void plain_digits(const char *in, int french, char *out, size_t size)
{
    size_t o = 0;
    for (const char *p = in; *p && o + 1 < size;) {
        if (strncmp(p, "\xE2\x88\x92", 3) == 0) {
            out[o++] = '-';
            p += 3;
        } else if (strncmp(p, "\xE2\x80\xAF", 3) == 0) {
            p += 3;
        } else if (*p == ',') {
            if (french)
                out[o++] = '.'; /* the decimal comma */
            p++;                /* else English grouping */
        } else {
            out[o++] = *p++;
        }
    }
    out[o] = '\0';
}

static void random_decimals_come_back_digit_for_digit(void **state)
{
    (void)state;
    sqlite3 *db;
    sqlite3_stmt *put, *get;
    assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
    /* the column as the store declares it */
    assert_int_equal(sqlite3_exec(db, "CREATE TABLE v (value TEXT NOT NULL)", NULL, NULL, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "INSERT INTO v VALUES (?1)", -1, &put, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT value FROM v WHERE rowid = ?1", -1, &get, NULL),
                     SQLITE_OK);
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (int n = 0; n < 20000; n++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        int scale = (int)(x % 7), digits = 1 + (int)((x >> 8) % 18);
        if (digits < scale)
            digits = scale;
        char written[40], want[40];
        size_t w = 0;
        if ((x >> 20) & 1)
            written[w++] = '-';
        int whole = digits - scale;
        if (whole == 0)
            written[w++] = '0';
        uint64_t y = x;
        for (int i = 0; i < digits; i++) {
            if (i == whole)
                written[w++] = '.';
            y = y * 6364136223846793005u + 1442695040888963407u;
            /* no leading zero in the whole part, as decimal_text writes it */
            int d = (int)((y >> 33) % 10);
            written[w++] = (char)('0' + (i == 0 && whole > 1 && d == 0 ? 7 : d));
        }
        written[w] = '\0';
        snprintf(want, sizeof want, "%s", written);

        struct decimal d = parse_ok(written, 0), back;
        char text[DECIMAL_TEXT_MAX];
        sqlite3_reset(put);
        sqlite3_bind_text(put, 1, decimal_text(&d, text), -1, SQLITE_TRANSIENT);
        assert_int_equal(sqlite3_step(put), SQLITE_DONE);
        sqlite3_reset(get);
        sqlite3_bind_int64(get, 1, sqlite3_last_insert_rowid(db));
        assert_int_equal(sqlite3_step(get), SQLITE_ROW);
        assert_int_equal(sqlite3_column_type(get, 0), SQLITE_TEXT);
        const char *stored = (const char *)sqlite3_column_text(get, 0);
        assert_int_equal(decimal_parse(stored, strlen(stored), 1, &back), DECIMAL_OK);

        struct panel_figure f = {.value = back, .decimals = scale, .label = "x"};
        char shown[96], plain[64];
        numfmt_figure_text(&f, "en", shown, sizeof shown);
        plain_digits(shown, 0, plain, sizeof plain);
        if (strcmp(plain, want) != 0)
            fail_msg("%s stored as %s is shown in English as %s", written, stored, shown);
        numfmt_figure_text(&f, "fr", shown, sizeof shown);
        plain_digits(shown, 1, plain, sizeof plain);
        if (strcmp(plain, want) != 0)
            fail_msg("%s stored as %s is shown in French as %s", written, stored, shown);
    }
    sqlite3_finalize(put);
    sqlite3_finalize(get);
    sqlite3_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(written_forms_parse_to_canonical_text),
        cmocka_unit_test(order_and_rounding_are_exact),
        cmocka_unit_test(random_decimals_come_back_digit_for_digit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
