# hostile_text_cases.sh - texts at and past the limits on the cost of text
# (issue 35), sourced by tests/test_hostile_text.sh and
# tests/bench/hostile-text.sh. POSIX sh and awk only.
#
# hostile_cases: the case names, one a line: "NAME EXPECT" where EXPECT is
# "builds" (at a limit: must build) or "refused" (past one: the build says
# why). hostile_exhibit DIR NAME: a one-panel exhibit in DIR whose story
# body is that text.

hostile_cases() {
    cat <<'CASES'
arabic-1990-marks refused
arabic-30-marks builds
latin-1998-marks refused
latin-30-marks builds
thai-1330-marks refused
thai-30-marks builds
word-4000-letters refused
word-1000-letters builds
zwj-999-letters builds
zwj-571-emoji refused
rle-62-deep builds
rle-63-deep refused
fsi-62-deep builds
fsi-63-deep refused
rle-lre-123-deep builds
rle-lre-124-deep refused
CASES
}

# hostile_rep N TEXT: TEXT N times
hostile_rep() {
    awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'
}

# hostile_nest N OPEN [OPEN2] CLOSE WORDS: N openers (alternating OPEN and
# OPEN2), WORDS, N closers
hostile_nest() {
    awk -v n="$1" -v a="$2" -v b="$3" -v c="$4" -v w="$5" \
        'BEGIN { for (i = 0; i < n; i++) printf "%s", (i % 2 ? b : a); printf "%s", w;
                 for (i = 0; i < n; i++) printf "%s", c }'
}

# hostile_locale NAME: the language the text is in
hostile_locale() {
    case $1 in
    arabic-* | rle-* | fsi-*) echo ar ;;
    thai-*) echo th ;;
    *) echo en ;;
    esac
}

# hostile_body NAME: the text (the helpers' variables start with hx_)
hostile_body() {
    hx_beh=$(printf '\330\250')           # U+0628 ARABIC LETTER BEH
    hx_fatha=$(printf '\331\216')         # U+064E ARABIC FATHA
    hx_acute=$(printf '\314\201')         # U+0301 COMBINING ACUTE ACCENT
    hx_ko=$(printf '\340\270\201')        # U+0E01 THAI CHARACTER KO KAI
    hx_mai_ek=$(printf '\340\271\210')    # U+0E48 THAI CHARACTER MAI EK
    hx_zwj=$(printf '\342\200\215')       # U+200D ZERO WIDTH JOINER
    hx_man=$(printf '\360\237\221\250')   # U+1F468 MAN
    hx_rle=$(printf '\342\200\253')       # U+202B RIGHT-TO-LEFT EMBEDDING
    hx_lre=$(printf '\342\200\252')       # U+202A LEFT-TO-RIGHT EMBEDDING
    hx_pdf=$(printf '\342\200\254')       # U+202C POP DIRECTIONAL FORMATTING
    hx_fsi=$(printf '\342\201\250')       # U+2068 FIRST STRONG ISOLATE
    hx_pdi=$(printf '\342\201\251')       # U+2069 POP DIRECTIONAL ISOLATE
    hx_words=$(printf '\331\206\330\265 abc 123') # "نص abc 123"
    case $1 in
    arabic-1990-marks) printf '%s' "$hx_beh"; hostile_rep 1990 "$hx_fatha" ;;
    arabic-30-marks) hostile_rep 64 "$hx_beh$(hostile_rep 30 "$hx_fatha")" ;;
    latin-1998-marks) printf e; hostile_rep 1998 "$hx_acute" ;;
    latin-30-marks) hostile_rep 65 "e$(hostile_rep 30 "$hx_acute")" ;;
    thai-1330-marks) printf '%s' "$hx_ko"; hostile_rep 1330 "$hx_mai_ek" ;;
    thai-30-marks) hostile_rep 43 "$hx_ko$(hostile_rep 30 "$hx_mai_ek")" ;;
    word-4000-letters) hostile_rep 4000 a ;;
    word-1000-letters) hostile_rep 1000 a ;;
    zwj-999-letters) hostile_rep 999 "a$hx_zwj" ;;
    zwj-571-emoji) hostile_rep 571 "$hx_man$hx_zwj" ;;
    rle-62-deep) hostile_nest 62 "$hx_rle" "$hx_rle" "$hx_pdf" "$hx_words" ;;
    rle-63-deep) hostile_nest 63 "$hx_rle" "$hx_rle" "$hx_pdf" "$hx_words" ;;
    fsi-62-deep) hostile_nest 62 "$hx_fsi" "$hx_fsi" "$hx_pdi" "$hx_words" ;;
    fsi-63-deep) hostile_nest 63 "$hx_fsi" "$hx_fsi" "$hx_pdi" "$hx_words" ;;
    rle-lre-123-deep) hostile_nest 123 "$hx_rle" "$hx_lre" "$hx_pdf" "$hx_words" ;;
    rle-lre-124-deep) hostile_nest 124 "$hx_rle" "$hx_lre" "$hx_pdf" "$hx_words" ;;
    *) return 1 ;;
    esac
}

hostile_exhibit() {
    mkdir -p "$1/panels" || return 1
    hx_body=$(hostile_body "$2") || return 1
    hx_locale=$(hostile_locale "$2")
    case $hx_locale in
    ar) hx_name=$(printf '\330\247\331\204\330\271\330\261\330\250\331\212\330\251') ;;
    th) hx_name=$(printf '\340\271\204\340\270\227\340\270\242') ;;
    *) hx_name=English ;;
    esac
    cat >"$1/exhibit.yaml" <<YAML
id: hostile-text
version: "1.0"
default_locale: $hx_locale
locales:
  $hx_locale: $hx_name
title: Hostile text
YAML
    printf 'kind: story\nheading: Hostile\nbody: "%s"\n' "$hx_body" >"$1/panels/01-story.yaml"
}
