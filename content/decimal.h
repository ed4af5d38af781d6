/* decimal.h - a figure's number exactly as its author wrote it.
 *
 * Figures travel from the YAML to the screen as decimals, never as binary
 * floating point: "99999999999999.99", "0.1", "2.675" and "-0.0" are shown
 * with the digits written, in every language. A decimal is the written
 * digits as one integer, how many of them follow the point, and the sign
 * as written (so "-0.0" keeps its minus). The store keeps one as its
 * canonical text (decimal_text); the layout formats it (app/visitor/layout.c).
 *
 * Pure functions on values; no allocation, no errors but return values. */
#ifndef VITRINE_DECIMAL_H
#define VITRINE_DECIMAL_H

#include <stddef.h>
#include <stdint.h>

/* The most digits a number may have, before and after the point together
 * (leading zeros of the whole part not counted): 10^18 - 1 fits int64. */
#define DECIMAL_DIGITS_MAX 18

struct decimal {
    int64_t digits; /* 0 .. 10^18 - 1 */
    int scale;      /* digits after the point, 0..DECIMAL_DIGITS_MAX */
    int negative;   /* written with a minus sign (also for zero: "-0.0") */
};

enum decimal_error {
    DECIMAL_OK = 0,
    DECIMAL_NOT_A_NUMBER = -1, /* not [+-]digits[.digits][e[+-]digits] */
    DECIMAL_TOO_LONG = -2,     /* more than DECIMAL_DIGITS_MAX digits */
};

/* s[0..len) as written in YAML: an optional sign, digits with an optional
 * point, and an optional exponent ("1.5e6" is 1500000, "25e-3" is 0.025).
 * With `canonical`, only what decimal_text writes is accepted (the store's
 * form: no '+', no exponent, no leading zeros, a digit on each side of a
 * point). Returns a decimal_error. */
int decimal_parse(const char *s, size_t len, int canonical, struct decimal *out);

/* The canonical text: "-0.0", "99999999999999.99", "1500000". buf needs
 * DECIMAL_TEXT_MAX bytes. Returns buf. */
#define DECIMAL_TEXT_MAX (DECIMAL_DIGITS_MAX + 4)
const char *decimal_text(const struct decimal *d, char *buf);

/* -1, 0 or 1 as a is less than, equal to or greater than b, exactly
 * ("-0.0" equals "0"). */
int decimal_cmp(const struct decimal *a, const struct decimal *b);

/* d with `scale` digits after the point into *out: exact when scale >= the
 * written scale, else rounded half away from zero; 0, or -1 when the
 * result would need more than DECIMAL_DIGITS_MAX digits. *exact (may be
 * NULL) says whether no digit was lost. */
int decimal_rescale(const struct decimal *d, int scale, struct decimal *out, int *exact);

/* The nearest double, for drawing proportions only (bars, unit charts),
 * never for digits a visitor reads. */
double decimal_to_double(const struct decimal *d);

/* An integer as a decimal of scale 0 (|v| < 10^18). */
struct decimal decimal_from_int(int64_t v);

/* 1 when d has no fraction ("1500", "1500.00"). */
int decimal_is_whole(const struct decimal *d);

/* 10^n for n in 0..18. */
int64_t decimal_pow10(int n);

#endif
