#!/usr/bin/env bash
# Makes assets/sample.mp4, the clip the inspector opens on first start, with the system ffmpeg, then checks that
# it keeps the properties the tests, the docs and the command line rely on. See assets/README.md.
#
# The picture is made so that a naive single-tensor NV12 view, which reads chroma some rows too early, is obvious
# even in a 256-pixel thumbnail: saturated colour bands whose luma and chroma change together (every 64, 32, 16
# and 8 rows, one column each), a row ruler along the left side, and the frame-index band that
# test/fixtures/check-pattern.py reads.
#
# Usage: scripts/sample/make-sample.sh [OUT]   (OUT defaults to assets/sample.mp4)
set -euo pipefail

# Work from the repository root so the paths below mean the same wherever it is run from.
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

FFMPEG="${FFMPEG:-ffmpeg}"
FFPROBE="${FFPROBE:-ffprobe}"
OUT="${1:-assets/sample.mp4}"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

# What the tests and docs rely on: 1920x1080 shown and 1088 coded (H.264 codes whole 16-row macroblocks, so
# chroma starts at row 1088 on NVDEC), H.264 High level 4.0, yuv420p, 24 fps, 96 frames (4 s), a closed GOP of 24
# (key frames at 0, 24, 48, 72) with B-frames, so decode order differs from display order.
W=1920
H=1080
RATE=24
FRAMES=96
KEYS="0,24,48,72"
BUDGET=1500000 # bytes; the clip is committed and bundled
BAND=64        # the frame-index band, rows 0..63 (test/fixtures/README.md)
RULER=200      # the row ruler's width, at the left
COLUMNS=(630 1060 1490) # where the 64-, 32-, 16- and 8-row band columns meet
TITLE_Y=920             # the title box covers rows TITLE_Y..H-1
# A shifted chroma plane must cost the 256-pixel thumbnail at least this much (PSNR against the right one, in dB).
SHIFT_BUDGET_DB=20

# Six saturated colours as BT.709 limited-range Y, Cb, Cr (yellow, blue, red, cyan, magenta, green): neighbours
# differ in luma and in chroma, so a band given another band's chroma shows a colour that belongs to neither.
LUMA=(219 32 63 188 78 173)
CB=(16 240 102 154 214 42)
CR=(138 118 240 16 230 26)

# lookup VALUES...: a geq expression giving VALUES[k] for the colour index k held in ld(1).
lookup() {
  local values=("$@") expr="$6" i
  for ((i = 4; i >= 0; i--)); do expr="if(eq(ld(1),$i),${values[i]},${expr})"; done
  printf '%s' "$expr"
}

# The frame row and column of the sample computed, in full-resolution pixels (SW, SH scale the chroma planes; the
# background starts below the index band); st(0) is its column's band period, st(1) its colour index.
row="(Y/SH+${BAND})"
col="(X/SW)"
period="if(lt(${col},${COLUMNS[0]}),64,if(lt(${col},${COLUMNS[1]}),32,if(lt(${col},${COLUMNS[2]}),16,8)))"
setup="st(0,${period});st(1,mod(floor(${row}/ld(0)),6))"
# Ruler ticks: 2 rows thick every 8 rows, longer every 16, 32 and 64 rows, drawn leftwards from the ruler's edge.
tick="if(lt(mod(${row},64),2),150,if(lt(mod(${row},32),2),100,if(lt(mod(${row},16),2),60,if(lt(mod(${row},8),2),30,0))))"
lum="${setup};if(lt(${col},${RULER}),if(gte(${col},${RULER}-${tick}),235,40),$(lookup "${LUMA[@]}"))"
cb="${setup};if(lt(${col},${RULER}),128,$(lookup "${CB[@]}"))"
cr="${setup};if(lt(${col},${RULER}),128,$(lookup "${CR[@]}"))"

# The still background is computed once and looped (geq is slow).
graph="nullsrc=s=${W}x$((H - BAND)):r=${RATE},format=yuv420p,trim=end_frame=1,"
graph+="geq=lum='${lum}':cb='${cb}':cr='${cr}',loop=loop=$((FRAMES - 1)):size=1,setpts=N/(${RATE}*TB),"
graph+="drawbox=x=${RULER}:y=$((TITLE_Y - BAND)):w=$((W - RULER)):h=$((H - TITLE_Y)):color=black:t=fill[bg];"
# A small block slides along the title box, so that every frame moves.
graph+="color=c=white:s=48x10:r=${RATE}[block];"
graph+="[bg][block]overlay=x='${RULER}+24+n*(${W}-${RULER}-96)/(${FRAMES}-1)':y=$((H - BAND - 24)):eval=frame"
# Row numbers every 64 rows and the title need drawtext (libfreetype) and the font; without them, ticks only.
# (The filter list is captured first: grep -q closing the pipe early would trip pipefail.)
filters=$("$FFMPEG" -hide_banner -filters 2>/dev/null)
if [[ -r $FONT && $filters == *" drawtext "* ]]; then
  for ((r = 2 * BAND; r < H; r += 64)); do
    graph+=",drawtext=fontfile=${FONT}:text=${r}:fontsize=26:fontcolor=white:x=8:y=$((r - BAND))-text_h/2"
  done
  graph+=",drawtext=fontfile=${FONT}:text='Zero-Copy Inspector':fontsize=60:fontcolor=white"
  graph+=":x=${RULER}+40:y=$((TITLE_Y - BAND + 22))"
  graph+=",drawtext=fontfile=${FONT}"
  graph+=":text='1920x1080 (coded 1088) H.264 4\\:2\\:0   colour bands every 64, 32, 16, 8 rows   frame %{frame_num}'"
  graph+=":fontsize=30:fontcolor=white@0.85:x=${RULER}+40:y=$((TITLE_Y - BAND + 100))"
fi
graph+="[pic];"
# The index band on top: column k bright when bit k of the frame number is set.
graph+="color=c=black:s=${W}x${BAND}:r=${RATE},format=yuv420p,"
graph+="geq=lum='if(mod(floor(N/pow(2,floor(8*X/W))),2),235,16)':cb=128:cr=128[band];"
graph+="[band][pic]vstack=inputs=2,format=yuv420p"

mkdir -p "$(dirname "$OUT")"
# b-adapt=0 keeps the 3 B-frames between references: x264 would drop them on a picture this still.
"$FFMPEG" -hide_banner -nostdin -loglevel error -y -filter_complex "$graph" \
  -frames:v "$FRAMES" -an -c:v libx264 -preset medium -profile:v high -crf 24 -pix_fmt yuv420p \
  -g 24 -keyint_min 24 -sc_threshold 0 -bf 3 -x264-params b-adapt=0 -threads 4 \
  -map_metadata -1 -fflags +bitexact -flags:v +bitexact -movflags +faststart "$OUT"

# The properties kept: fail loudly if any has changed.
fail() {
  echo "$OUT: $*" >&2
  exit 1
}
stream=$("$FFPROBE" -v error -select_streams v:0 -count_frames \
  -show_entries stream=codec_name,profile,level,width,height,pix_fmt,r_frame_rate,nb_read_frames,duration \
  -of default=noprint_wrappers=1 "$OUT")
want="codec_name=h264 profile=High level=40 width=$W height=$H pix_fmt=yuv420p r_frame_rate=$RATE/1"
want+=" duration=4.000000 nb_read_frames=$FRAMES"
for pair in $want; do [[ $'\n'$stream$'\n' == *$'\n'$pair$'\n'* ]] || fail "expected $pair, got: ${stream//$'\n'/ }"; done
[[ $("$FFPROBE" -v error -show_entries stream=codec_type -of csv=p=0 "$OUT") == video ]] || fail "not one video stream"
# Coded height 1088: 68 macroblock rows, 8 of them cropped away (frame_crop_bottom_offset 4, in 2-row units).
sps=$("$FFMPEG" -hide_banner -nostdin -i "$OUT" -map 0:v -c copy -bsf:v trace_headers -frames:v 1 -f null - 2>&1)
[[ $sps =~ pic_height_in_map_units_minus1\ +[01]+\ =\ 67 && $sps =~ frame_crop_bottom_offset\ +[01]+\ =\ 4 ]] ||
  fail "coded height is not 1088 (68 macroblock rows, 8 rows cropped)"
types=$("$FFPROBE" -v error -select_streams v:0 -show_entries frame=pict_type,key_frame -of csv=p=0 "$OUT" | grep -v '^$')
keys=$(awk -F, '$1 == 1 { printf "%s%d", (n++ ? "," : ""), NR - 1 }' <<<"$types")
[[ $keys == "$KEYS" ]] || fail "key frames at $keys, expected $KEYS"
[[ $types == *,B* ]] || fail "no B-frames"
size=$(stat -c %s "$OUT")
((size <= BUDGET)) || fail "$size bytes, over the $BUDGET-byte budget"
python3 test/fixtures/check-pattern.py "$OUT=$FRAMES"

# The point of the picture: with its chroma planes shifted down by S chroma rows (what a naive view whose chroma
# starts S rows early shows; the rows above get neutral chroma), the 256x144 thumbnail must be far from the right
# one. Both are scaled with area scaling, as the preview does; the PSNR is over all frames.
for shift in 4 8; do
  shifted="[0:v]format=yuv420p,split[a][b];[b]extractplanes=y+u+v[y][u][v];"
  for plane in u v; do shifted+="[$plane]pad=iw:ih+$shift:0:$shift:color=0x808080,crop=iw:ih-$shift:0:0[${plane}s];"; done
  shifted+="[y][us][vs]mergeplanes=0x001020:yuv420p,scale=256:144:flags=area,format=rgb24[naive];"
  shifted+="[a]scale=256:144:flags=area,format=rgb24[right];[naive][right]psnr"
  line=$("$FFMPEG" -hide_banner -nostdin -i "$OUT" -filter_complex "$shifted" -f null - 2>&1 | grep -o 'average:[0-9.inf]*')
  db=${line#average:}
  printf 'chroma shifted by %d chroma rows: %s dB against the right thumbnail (budget: under %d dB)\n' "$shift" "$db" "$SHIFT_BUDGET_DB"
  awk -v db="$db" -v max="$SHIFT_BUDGET_DB" 'BEGIN { exit !(db + 0 < max) }' ||
    fail "a chroma shift of $shift rows costs only $db dB at thumbnail size"
done
printf '%9d  %s\n' "$size" "$OUT"
