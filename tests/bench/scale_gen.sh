#!/bin/sh
# Generates a synthetic exhibit for tests/bench/scale.sh: N panels in two
# languages (story, statistic, quote and image panels, mixed), a chapter every
# 20 panels, and IMAGES image panels spread evenly through it.
# Usage: scale_gen.sh DIR N IMAGES PHOTOS
#   PHOTOS: a folder of bigN.jpg files (the first image panels use them, one
#   each) and photoNNN.jpg files (the other image panels use them in turn),
#   made by photogen; each image panel gets its own asset name (a hard link),
#   so the store holds IMAGES images, as an exhibit of that many photos would.
set -eu
dir=$1 n=$2 images=$3 photos=$4
mkdir -p "$dir/panels" "$dir/images"
cat >"$dir/exhibit.yaml" <<'YAML'
id: scale-bench
version: "1.0"
default_locale: en
locales:
  en: English
  fr: Français
title:
  en: A generated exhibit
  fr: Une exposition générée
sources:
  - id: archive
    cite: City archive
    description: Records kept by the city.
  - id: press
    cite:
      en: Press report
      fr: Article de presse
    description: A newspaper report.
  - id: letters
    cite: Letters
    description: Letters written at the time.
YAML
nbig=$(ls "$photos" | grep -c '^big' || true)
nphotos=$(ls "$photos" | grep -c '^photo')
# the image panels: which photo each uses (photo i mod nphotos), hard-linked
# under its own name
awk -v n="$n" -v images="$images" -v nphotos="$nphotos" -v nbig="$nbig" -v dir="$dir" -v photos="$photos" '
BEGIN {
    step = images > 0 ? int(n / images) : 0
    body[0] = "The workshop opened before dawn. Apprentices swept the floor, lit the stoves and laid out the tools for the day."
    body[1] = "Most of the goods left by river. A barge took three days to reach the coast when the water was high."
    body[2] = "Letters from the period describe long queues at the market and prices that changed from week to week."
    body[3] = "The building was extended twice. The second wing, added later, still carries the builder'"'"'s mark above the door."
    fbody[0] = "L'"'"'atelier ouvrait avant l'"'"'aube. Les apprentis balayaient le sol et allumaient les poêles."
    fbody[1] = "La plupart des marchandises partaient par le fleuve. Une péniche mettait trois jours à rejoindre la côte."
    fbody[2] = "Les lettres de l'"'"'époque décrivent de longues files au marché et des prix qui changeaient chaque semaine."
    fbody[3] = "Le bâtiment fut agrandi deux fois. La seconde aile porte encore la marque du constructeur."
    img = 0
    for (i = 1; i <= n; i++) {
        f = sprintf("%s/panels/p%05d.yaml", dir, i)
        ch = ""
        if (i % 20 == 1)
            ch = sprintf("chapter:\n  en: Chapter %d\n  fr: Chapitre %d\n", int(i / 20) + 1, int(i / 20) + 1)
        b = i % 4
        if (i == 1) {
            printf "kind: title\n%sheading:\n  en: A generated exhibit\n  fr: Une exposition générée\nbody: %s\nsources: [archive, press, letters]\n", ch, body[0] > f
        } else if (step > 0 && img < images && i % step == int(step / 2)) {
            name = sprintf("img%04d.jpg", img)
            src = img < nbig ? sprintf("big%d.jpg", img) : sprintf("photo%03d.jpg", (img - nbig) % nphotos)
            system(sprintf("ln -f %s/%s %s/images/%s", photos, src, dir, name))
            printf "kind: image\n%sheading:\n  en: Photograph %d\n  fr: Photographie %d\nimage:\n  file: images/%s\n  alt:\n    en: A generated photograph, number %d\n    fr: Une photographie générée, numéro %d\n", ch, img + 1, img + 1, name, img + 1, img + 1 > f
            img++
        } else if (i % 3 == 0) {
            printf "kind: statistic\n%sfigure:\n  value: %d\n  label:\n    en: workers in year %d\n    fr: ouvriers en l'"'"'an %d\n  sources: [archive]\n", ch, (i * 37) % 5000 + 10, i % 60 + 1, i % 60 + 1 > f
        } else if (i % 5 == 0) {
            printf "kind: quote\n%squote:\n  text:\n    en: We worked from dark to dark, and panel %d was no different.\n    fr: Nous travaillions du matin au soir, et le panneau %d ne faisait pas exception.\n  speaker: Anna Weber\n  role: weaver\n  context:\n    en: A letter to her sister\n    fr: Une lettre à sa sœur\n  sources: [letters]\n", ch, i, i > f
        } else {
            printf "kind: story\n%sheading:\n  en: Story number %d\n  fr: Récit numéro %d\nbody:\n  en: |\n    %s\n\n    %s\n  fr: |\n    %s\n\n    %s\nsources: [press]\n", ch, i, i, body[b], body[(b + 1) % 4], fbody[b], fbody[(b + 1) % 4] > f
        }
        close(f)
    }
}'
