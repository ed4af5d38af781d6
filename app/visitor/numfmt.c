/* numfmt.c - a figure's number as the language writes it (numfmt.h): the
 * digits as the authors wrote them, never through binary floating point,
 * grouped and signed by the locale's rules. Only ever the figure itself:
 * its arrival is animated by its motion, never by digits no source gives. */
#include "numfmt.h"

#include <stdio.h>
#include <string.h>

#include "locale_rules.h"

/* The decimal text of x as shown with `decimals` digits after the point
 * (figures: 0..3, rules.h), digit for digit from the decimal the authors
 * wrote, into dec (DECIMAL_TEXT_MAX bytes): no binary floating point
 * touches the digits. A written minus shows when the digits shown are not all 0,
 * or when x itself is a signed zero ("-0.0" as written). */
static const char *shown_decimal(const struct decimal *x, int decimals, char *dec)
{
    struct decimal d;
    if (decimals < 0)
        decimals = 0;
    if (decimals > DECIMAL_DIGITS_MAX)
        decimals = DECIMAL_DIGITS_MAX;
    if (decimal_rescale(x, decimals, &d, NULL) != 0)
        d = *x; /* more digits than a decimal holds: as written */
    d.negative = d.negative && (d.digits != 0 || x->digits == 0);
    return decimal_text(&d, dec);
}

/* A percentage is set by the language's rules ("9,2 %", "%9,2"): what
 * follows the unit in the figure's suffix, or NULL for any other unit. */
static const char *after_percent(const struct panel_figure *f)
{
    if (!f->unit || strcmp(f->unit, "%") != 0 || !f->suffix)
        return NULL;
    const char *s = f->suffix;
    for (;;) {
        if (*s == ' ')
            s++;
        else if (strncmp(s, "\xC2\xA0", 2) == 0)
            s += 2;
        else if (strncmp(s, "\xE2\x80\xAF", 3) == 0)
            s += 3;
        else
            break;
    }
    return *s == '%' ? s + 1 : NULL;
}

size_t numfmt_number(const char *locale, const struct decimal *x, int decimals, char *buf, size_t n)
{
    char dec[DECIMAL_TEXT_MAX];
    if (!buf || n == 0)
        return 0;
    buf[0] = 0;
    locale_number(locale, shown_decimal(x, decimals, dec), 0, buf, n);
    return strlen(buf);
}

size_t numfmt_figure_text(const struct panel_figure *f, const char *locale, char *buf, size_t n)
{
    if (!buf || n == 0)
        return 0;
    buf[0] = 0;
    if (!f)
        return 0;
    char tmp[512];
    const char *after = after_percent(f);
    char a[DECIMAL_TEXT_MAX], b[DECIMAL_TEXT_MAX], num[256];
    shown_decimal(&f->value, f->decimals, a);
    if (f->has_to)
        locale_number_range(locale, a, shown_decimal(&f->to, f->decimals, b), after != NULL, num,
                            sizeof num);
    else
        locale_number(locale, a, after != NULL, num, sizeof num);
    const char *tail = after ? after : f->suffix;
    int w = snprintf(tmp, sizeof tmp, "%s%s%s", f->prefix ? f->prefix : "", num, tail ? tail : "");
    size_t len = w < 0 ? 0 : (size_t)w < sizeof tmp ? (size_t)w : sizeof tmp - 1;
    if (len > n - 1) {
        len = n - 1;
        while (len > 0 && ((unsigned char)tmp[len] & 0xC0) == 0x80)
            len--; /* never cut a UTF-8 sequence */
    }
    memcpy(buf, tmp, len);
    buf[len] = 0;
    return len;
}
