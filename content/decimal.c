/* decimal.c - a figure's number exactly as written (see decimal.h). */
#include "decimal.h"

#include <stdlib.h>

static const int64_t pow10_tab[DECIMAL_DIGITS_MAX + 1] = {
    1LL,
    10LL,
    100LL,
    1000LL,
    10000LL,
    100000LL,
    1000000LL,
    10000000LL,
    100000000LL,
    1000000000LL,
    10000000000LL,
    100000000000LL,
    1000000000000LL,
    10000000000000LL,
    100000000000000LL,
    1000000000000000LL,
    10000000000000000LL,
    100000000000000000LL,
    1000000000000000000LL,
};

int64_t decimal_pow10(int n)
{
    return n < 0 ? 1 : n > DECIMAL_DIGITS_MAX ? pow10_tab[DECIMAL_DIGITS_MAX] : pow10_tab[n];
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

int decimal_parse(const char *s, size_t len, int canonical, struct decimal *out)
{
    size_t i = 0;
    struct decimal d = {0, 0, 0};
    if (i < len && (s[i] == '-' || (s[i] == '+' && !canonical)))
        d.negative = s[i++] == '-';
    size_t int_at = i;
    while (i < len && is_digit(s[i]))
        i++;
    size_t int_len = i - int_at, frac_at = i, frac_len = 0;
    int point = i < len && s[i] == '.';
    if (point) {
        frac_at = ++i;
        while (i < len && is_digit(s[i]))
            i++;
        frac_len = i - frac_at;
    }
    if (int_len + frac_len == 0)
        return DECIMAL_NOT_A_NUMBER;
    if (canonical && (int_len == 0 || (int_len > 1 && s[int_at] == '0') || (point && !frac_len)))
        return DECIMAL_NOT_A_NUMBER;
    long exp = 0;
    int has_exp = i < len && (s[i] == 'e' || s[i] == 'E') && !canonical;
    if (has_exp) {
        int eneg = 0;
        i++;
        if (i < len && (s[i] == '+' || s[i] == '-'))
            eneg = s[i++] == '-';
        size_t at = i;
        for (; i < len && is_digit(s[i]); i++)
            if (exp < 100000) /* far beyond any limit below, without overflow */
                exp = exp * 10 + (s[i] - '0');
        if (i == at)
            return DECIMAL_NOT_A_NUMBER;
        if (eneg)
            exp = -exp;
    }
    if (i != len)
        return DECIMAL_NOT_A_NUMBER;
    /* an exponent says nothing of the decimals meant: "1.50e1" is 15 */
    if (has_exp)
        while (frac_len > 0 && s[frac_at + frac_len - 1] == '0')
            frac_len--;
    /* the digits, leading zeros of the whole part skipped */
    int n = 0, zero = 1;
    for (size_t k = 0; k < int_len + frac_len; k++) {
        char c = k < int_len ? s[int_at + k] : s[frac_at + k - int_len];
        if (zero && c == '0' && k < int_len)
            continue;
        zero = 0;
        if (++n > DECIMAL_DIGITS_MAX)
            return DECIMAL_TOO_LONG;
        d.digits = d.digits * 10 + (c - '0');
    }
    long scale = (long)frac_len - exp;
    if (d.digits == 0 && has_exp) /* "0e5", "0.0e-9": zero, as plain as it is */
        scale = 0;
    if (scale < 0) {
        if (d.digits != 0 && (n - scale > DECIMAL_DIGITS_MAX))
            return DECIMAL_TOO_LONG;
        d.digits *= pow10_tab[d.digits ? -scale : 0];
        scale = 0;
    }
    if (scale > DECIMAL_DIGITS_MAX)
        return DECIMAL_TOO_LONG;
    d.scale = (int)scale;
    *out = d;
    return DECIMAL_OK;
}

const char *decimal_text(const struct decimal *d, char *buf)
{
    /* digits written from the last, the point placed after `scale` of them */
    char tmp[DECIMAL_TEXT_MAX];
    size_t n = 0, o = 0;
    int64_t v = d->digits;
    for (int i = 0; n < sizeof tmp - 2 && (v > 0 || i <= d->scale); i++) {
        if (i == d->scale && i > 0)
            tmp[n++] = '.';
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    }
    if (d->negative)
        buf[o++] = '-';
    while (n > 0)
        buf[o++] = tmp[--n];
    buf[o] = '\0';
    return buf;
}

int decimal_cmp(const struct decimal *a, const struct decimal *b)
{
    int na = a->negative && a->digits != 0, nb = b->negative && b->digits != 0;
    if (na != nb)
        return na ? -1 : 1;
    int64_t pa = pow10_tab[a->scale], pb = pow10_tab[b->scale];
    int64_t ia = a->digits / pa, ib = b->digits / pb;
    int c = 0;
    if (ia != ib) {
        c = ia < ib ? -1 : 1;
    } else {
        int s = a->scale > b->scale ? a->scale : b->scale;
        /* a fraction below 10^scale, widened to s <= 18 digits: no overflow */
        int64_t fa = (a->digits % pa) * pow10_tab[s - a->scale];
        int64_t fb = (b->digits % pb) * pow10_tab[s - b->scale];
        c = fa < fb ? -1 : fa > fb;
    }
    return na ? -c : c;
}

int decimal_rescale(const struct decimal *d, int scale, struct decimal *out, int *exact)
{
    struct decimal r = *d;
    if (scale < 0 || scale > DECIMAL_DIGITS_MAX)
        return -1;
    if (exact)
        *exact = 1;
    if (scale >= d->scale) {
        int64_t p = pow10_tab[scale - d->scale];
        if (d->digits > (pow10_tab[DECIMAL_DIGITS_MAX] - 1) / p)
            return -1;
        r.digits = d->digits * p;
    } else {
        int64_t p = pow10_tab[d->scale - scale], q = d->digits / p, rem = d->digits % p;
        if (rem && exact)
            *exact = 0;
        r.digits = q + (rem * 2 >= p);
    }
    r.scale = scale;
    *out = r;
    return 0;
}

double decimal_to_double(const struct decimal *d)
{
    char buf[DECIMAL_TEXT_MAX];
    return strtod(decimal_text(d, buf), NULL); /* correctly rounded */
}

struct decimal decimal_from_int(int64_t v)
{
    struct decimal d = {v < 0 ? -v : v, 0, v < 0};
    if (d.digits >= pow10_tab[DECIMAL_DIGITS_MAX])
        d.digits = pow10_tab[DECIMAL_DIGITS_MAX] - 1;
    return d;
}

int decimal_is_whole(const struct decimal *d)
{
    return d->digits % pow10_tab[d->scale] == 0;
}
