#!/usr/bin/env python3
"""Write the seed corpus of fuzz_typeset and fuzz_text: the text that broke
or could break a text engine. Each seed is 4 header bytes (language and
flags, box width, lines, size; see fuzz_typeset.c) and the text.
Run from the top of the tree: python3 tests/fuzz/make_text_seeds.py"""
import os

RI = lambda s: "".join(chr(0x1F1E6 + ord(c) - ord("A")) for c in s)
SEEDS = {
    "ri-single": RI("C"),
    "ri-pair": RI("CA"),
    "ri-odd": RI("CAF"),
    "ri-many": RI("CAFRGBDEUSJPKR") + RI("Q"),
    "ri-in-words": "Canada " + RI("CA") + " and France" + RI("FR") + "!",
    "ri-language-names": RI("GB") + " English | " + RI("FR") + " Français",
    "ri-long-run": RI("CA") * 300,
    "zwj-family": "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466 family",
    "zwj-dangling": "a\u200D\u200D\u200D b\u200D",
    "zwj-chain": "\u200D".join(["\U0001F3F3"] * 50),
    "skin-tone": "\U0001F44D\U0001F3FD \U0001F44B\U0001F3FF\U0001F3FB \U0001F3FB alone",
    "variation": "\u2764\uFE0F \u2764\uFE0E 1\uFE0F\u20E3 #\uFE0F\u20E3 \uFE0F\uFE0F",
    "tags": "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F England",
    "tags-orphan": "\U000E0067\U000E0062 x\U000E007F",
    "combining": "e\u0301\u0302\u0303\u0304\u0305 zalgo Z\u0351\u0352\u0353\u0354\u0355\u0356",
    "combining-lead": "\u0301\u0301 a \u0308",
    "unassigned": "\U000E0000\u0378\u0379 \U0003FFFF\U0002FFFE",
    "private-use": "\uE000\uF8FF \U000F0000\U0010FFFD",
    "noncharacters": "\uFDD0\uFDEF\uFFFE\uFFFF\U0001FFFE\U0010FFFF",
    "hangul": "만경대상 국제마라톤 (평양) 태양절 각",
    "cjk-thai": "平壌マラソン ภาษาไทยไม่มีช่องว่าง",
    "devanagari": "क्षत्रिय नमस्ते",
    "long-word": "Donaudampfschifffahrtsgesellschaftskapitänsvereinigungsjahresbericht",
    "numbers": "99,999,999,999,999.99 −3 °C 1 000 000 27ᵉ",
    "mixed-scripts": "Jen Loong \U0001F3C3\u200D\u2640\uFE0F ran 42.195 km in 평양 " + RI("KP"),
    "spaces": "  a\n\n\n b \t\r\n c\u00A0d\u2028e\u2029f  ",
}
RAW = {
    "malformed": b"abc\xff\xfe\xc0\x80\xed\xa0\x80\xf4\x90\x80\x80\xf0\x9f\x87 end\xe2\x82",
    "truncated-ri": b"\xf0\x9f\x87\xa8\xf0\x9f\x87",
    "nul": b"a\x00" + RI("CA").encode() + b"\x00b",
}
HEADERS = [bytes([0x01, 40, 3, 40]), bytes([0x1C, 6, 1, 70]), bytes([0x0A, 200, 8, 20])]
# Words too long for their box, in the languages that have dictionaries
# (byte 0: 1 en, 2 fr, 3 de), so the hyphenation path runs: a narrow box,
# and a narrower one that refuses split words (0x10).
HYPHEN_SEEDS = {
    "hyphen-en": (1, "The incomprehensibilities of counterrevolutionaries (internationalization)."),
    "hyphen-fr": (2, "\u00ABL\u2019anticonstitutionnellement\u00BB aujourd'hui, "
                     "\u00C9lectroenc\u00E9phalographie."),
    "hyphen-de": (3, "Der Bundesvereinigungsjahresbericht der Stra\u00DFenbahnhaltestellen"
                     "\u00FCberdachung, \u201EGr\u00F6\u00DFenordnungen\u201C."),
    "hyphen-not-words": (3, "Bundesvere\u0301inigungsjahresbericht \u00DCbersee\u2060verbindungen "
                            "Nord-S\u00FCdverbindungen Jahresbericht2014 Stra\u00ADssenbahnhaltestelle"),
}
HYPHEN_HEADERS = [(0x00, 20, 11, 30), (0x10, 10, 11, 40)]

out = os.path.join(os.path.dirname(__file__), "corpus", "typeset")
os.makedirs(out, exist_ok=True)
for name, text in list(SEEDS.items()) + list(RAW.items()):
    body = text if isinstance(text, bytes) else text.encode("utf-8")
    for i, h in enumerate(HEADERS):
        with open(os.path.join(out, f"{name}-{i}"), "wb") as f:
            f.write(h + body)
for name, (lang, text) in HYPHEN_SEEDS.items():
    for i, (flags, width, lines, size) in enumerate(HYPHEN_HEADERS):
        with open(os.path.join(out, f"{name}-{i}"), "wb") as f:
            f.write(bytes([lang | flags, width, lines, size]) + text.encode("utf-8"))
