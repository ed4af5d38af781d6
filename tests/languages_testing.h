/* languages_testing.h - twenty-four languages for the language picker's
 * tests (test_overlay, test_legibility), each in its own name and script. */
#ifndef VITRINE_LANGUAGES_TESTING_H
#define VITRINE_LANGUAGES_TESTING_H

/* Twenty-four languages, each in its own name and script: English,
 * Français, 日本語, ไทย, Ελληνικά, العربية, हिन्दी, Русский, 한국어, Deutsch,
 * Español, Italiano, Português, Nederlands, Polski, Türkçe, עברית, فارسی,
 * 中文, Tiếng Việt, Bahasa Indonesia, Svenska, ქართული, Kiswahili. */
static const char *const names24[] = {
    "English",
    "Fran\xC3\xA7\x61is",
    "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E",
    "\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2",
    "\xCE\x95\xCE\xBB\xCE\xBB\xCE\xB7\xCE\xBD\xCE\xB9\xCE\xBA\xCE\xAC",
    "\xD8\xA7\xD9\x84\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A\xD8\xA9",
    "\xE0\xA4\xB9\xE0\xA4\xBF\xE0\xA4\xA8\xE0\xA5\x8D\xE0\xA4\xA6\xE0\xA5\x80",
    "\xD0\xA0\xD1\x83\xD1\x81\xD1\x81\xD0\xBA\xD0\xB8\xD0\xB9",
    "\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4",
    "Deutsch",
    "Espa\xC3\xB1ol",
    "Italiano",
    "Portugu\xC3\xAAs",
    "Nederlands",
    "Polski",
    "T\xC3\xBCrk\xC3\xA7\x65",
    "\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA",
    "\xD9\x81\xD8\xA7\xD8\xB1\xD8\xB3\xDB\x8C",
    "\xE4\xB8\xAD\xE6\x96\x87",
    "Ti\xE1\xBA\xBFng Vi\xE1\xBB\x87t",
    "Bahasa Indonesia",
    "Svenska",
    "\xE1\x83\xA5\xE1\x83\x90\xE1\x83\xA0\xE1\x83\x97\xE1\x83\xA3\xE1\x83\x9A\xE1\x83\x98",
    "Kiswahili",
};
static const char *const codes24[] = {"en", "fr", "ja", "th", "el", "ar", "hi", "ru",
                                      "ko", "de", "es", "it", "pt", "nl", "pl", "tr",
                                      "he", "fa", "zh", "vi", "id", "sv", "ka", "sw"};

#endif
