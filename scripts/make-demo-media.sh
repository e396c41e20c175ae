#!/usr/bin/env bash
# Regenerates the demo academy's media under server/db/seed/media/:
#   clear-hls/     a clear HLS clip in two quality levels (180p, 360p) plus a progressive MP4 for the hosted player page
#   clearkey-dash/ a ClearKey-protected fMP4 clip packaged with the shaka packager: DASH manifest.mpd, plus
#                  master.m3u8 over the same segments for players that swap .mpd for .m3u8
#   images/        course and subject images and video thumbnails (JPEG), served publicly
#   notes/         small PDF notes
# Needs ffmpeg and node_modules/shaka-packager. The ClearKey pair below must match the drmKeys of the
# protected clip in server/db/seed/demo/20-courses.json.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/server/db/seed/media"
PACKAGER="$ROOT/node_modules/shaka-packager/bin/packager-linux-x64"
KEY_ID="8f3b2a61c4d94e7fa0b15c6d2e7f8091"
KEY="5d1c9e4b7a3f2d8061e4c7b9a2f5d3e8"
FONT="/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
[ -f "$FONT" ] || FONT="$(fc-match -f '%{file}' sans:bold)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

FF=(ffmpeg -hide_banner -loglevel error -y)

rm -rf "$OUT/clear-hls" "$OUT/clearkey-dash" "$OUT/images" "$OUT/notes"
mkdir -p "$OUT/clear-hls" "$OUT/clearkey-dash" "$OUT/images" "$OUT/notes"

label() { # drawtext filter for a centred caption
  printf "drawtext=fontfile=%s:text='%s':fontcolor=white:fontsize=%s:box=1:boxcolor=black@0.55:boxborderw=6:x=(w-text_w)/2:y=%s" "$FONT" "$1" "$2" "$3"
}

# ---- clear HLS clip: 6 s, keyframe every 2 s, two renditions sharing one mono AAC track each ----
"${FF[@]}" -f lavfi -i "testsrc2=size=640x360:rate=24:duration=6" -f lavfi -i "sine=frequency=440:sample_rate=22050:duration=6" \
  -filter_complex "[0:v]$(label 'Clear HLS demo' 28 'h-60'),split=2[a][b];[a]scale=320:180[v180];[b]scale=640:360[v360]" \
  -map "[v180]" -map 1:a -map "[v360]" -map 1:a \
  -c:v libx264 -profile:v baseline -preset veryfast -pix_fmt yuv420p -g 48 -keyint_min 48 -sc_threshold 0 \
  -b:v:0 90k -maxrate:v:0 110k -bufsize:v:0 180k -b:v:1 220k -maxrate:v:1 260k -bufsize:v:1 440k \
  -c:a aac -b:a 24k -ac 1 \
  -f hls -hls_time 2 -hls_playlist_type vod -hls_flags independent_segments \
  -var_stream_map "v:0,a:0,name:180p v:1,a:1,name:360p" -master_pl_name master.m3u8 \
  -hls_segment_filename "$OUT/clear-hls/%v_%03d.ts" "$OUT/clear-hls/%v.m3u8"

# The same clip as one progressive MP4 for the hosted (iframe) player page.
"${FF[@]}" -f lavfi -i "testsrc2=size=320x180:rate=24:duration=6" -f lavfi -i "sine=frequency=440:sample_rate=22050:duration=6" \
  -vf "$(label 'Hosted player demo' 16 'h-34')" -c:v libx264 -profile:v baseline -preset veryfast -pix_fmt yuv420p -b:v 90k \
  -c:a aac -b:a 24k -ac 1 -movflags +faststart "$OUT/clear-hls/clip.mp4"

# ---- ClearKey DASH clip: encode clear, then encrypt and package (cenc, key for every stream) ----
"${FF[@]}" -f lavfi -i "smptehdbars=size=640x360:rate=24:duration=6" -f lavfi -i "sine=frequency=660:sample_rate=22050:duration=6" \
  -vf "$(label 'Protected ClearKey demo' 28 'h-60')" \
  -c:v libx264 -profile:v baseline -preset veryfast -pix_fmt yuv420p -b:v 200k -maxrate 240k -bufsize 400k -g 48 -keyint_min 48 -sc_threshold 0 \
  -c:a aac -b:a 24k -ac 1 "$WORK/protected.mp4"
(
  cd "$OUT/clearkey-dash"
  "$PACKAGER" \
    "in=$WORK/protected.mp4,stream=video,init_segment=video_init.mp4,segment_template=video_\$Number\$.m4s,playlist_name=video.m3u8" \
    "in=$WORK/protected.mp4,stream=audio,init_segment=audio_init.mp4,segment_template=audio_\$Number\$.m4s,playlist_name=audio.m3u8,hls_group_id=audio,hls_name=Audio" \
    --segment_duration 2 --generate_static_live_mpd \
    --enable_raw_key_encryption --keys "label=:key_id=$KEY_ID:key=$KEY" \
    --protection_systems CommonSystem --clear_lead 0 \
    --mpd_output manifest.mpd --hls_master_playlist_output master.m3u8 --hls_playlist_type VOD >/dev/null 2>"$WORK/packager.log" || { cat "$WORK/packager.log"; exit 1; }
)

# ---- video thumbnails ----
"${FF[@]}" -f lavfi -i "testsrc2=size=320x180:rate=1:duration=1" -vf "$(label 'Lecture video' 18 'h-36')" -frames:v 1 -q:v 6 "$OUT/images/thumb-clear.jpg"
"${FF[@]}" -f lavfi -i "smptehdbars=size=320x180:rate=1:duration=1" -vf "$(label 'Protected video' 18 'h-36')" -frames:v 1 -q:v 6 "$OUT/images/thumb-protected.jpg"
"${FF[@]}" -f lavfi -i "color=c=0x1f5f8b:size=320x180:rate=1:duration=1" -vf "$(label 'Hosted player' 20 '(h-text_h)/2')" -frames:v 1 -q:v 6 "$OUT/images/thumb-hosted.jpg"
"${FF[@]}" -f lavfi -i "color=c=0xb0261c:size=320x180:rate=1:duration=1" -vf "$(label 'Video-sharing site' 20 '(h-text_h)/2')" -frames:v 1 -q:v 6 "$OUT/images/thumb-sharing.jpg"

# ---- course and subject images ----
image() { # name colour caption
  "${FF[@]}" -f lavfi -i "color=c=$2:size=480x240:rate=1:duration=1" -vf "$(label "$3" 20 '(h-text_h)/2')" -frames:v 1 -q:v 7 "$OUT/images/$1.jpg"
}
image course-mbbs 0x1d4e89 'MBBS Admission 2026'
image course-fcps 0x2b7a5f 'FCPS Part-1 Medicine'
image course-residency 0x6b3fa0 'Residency Preparation'
image subject-anatomy 0xa0522d 'Anatomy'
image subject-physiology 0x2e8b57 'Physiology'
image subject-biochemistry 0x4682b4 'Biochemistry'
image subject-internal-medicine 0x8b3a62 'Internal Medicine'
image subject-cardiology 0xb22222 'Cardiology'
image subject-nephrology 0x5f6b2e 'Nephrology'
image subject-community-medicine 0x3c6e71 'Community Medicine'

# ---- notes: small valid PDFs written directly (one page of text, correct xref offsets) ----
node --input-type=module - "$OUT/notes" <<'EOF'
import fs from 'node:fs';
import path from 'node:path';
const dir = process.argv[2];
const notes = {
  'upper-limb-notes.pdf': ['Upper Limb - Lecture Notes', 'Brachial plexus: roots C5-T1, trunks, divisions, cords, branches.', 'Erb palsy: C5-C6 injury, waiter tip position.', 'Klumpke palsy: C8-T1 injury, claw hand.'],
  'cardiovascular-notes.pdf': ['Cardiovascular System - Notes', 'Cardiac output = stroke volume x heart rate.', 'Frank-Starling law: force rises with end-diastolic volume.', 'Normal BP regulation: baroreceptor reflex.'],
  'enzymes-notes.pdf': ['Enzymes - Summary Sheet', 'Michaelis-Menten: v = Vmax[S] / (Km + [S]).', 'Competitive inhibition raises Km, Vmax unchanged.', 'Non-competitive inhibition lowers Vmax, Km unchanged.'],
};
const esc = (s) => s.replace(/[\\()]/g, (c) => '\\' + c);
for (const [name, [title, ...lines]] of Object.entries(notes)) {
  const text = [`BT /F1 20 Tf 56 780 Td (${esc(title)}) Tj ET`, ...lines.map((l, i) => `BT /F1 12 Tf 56 ${740 - i * 22} Td (${esc(l)}) Tj ET`)].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((o, i) => { offsets.push(Buffer.byteLength(body, 'latin1')); body += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  fs.writeFileSync(path.join(dir, name), body, 'latin1');
}
EOF

du -sh "$OUT"
