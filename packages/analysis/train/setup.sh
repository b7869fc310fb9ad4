#!/usr/bin/env bash
# Installs what the training scripts need, from Debian's packages (CPU only):
# FluidSynth and four soundfonts whose licences allow commercial use of the rendered audio (FluidR3_GM, MIT;
# MuseScore General, MIT with CC0/public-domain parts; TimGM6mb, GPL-2; the csound GM bank, public domain),
# TiMidity++ and the Freepats patches (GPL-2+, with an exception for compositions), recorded drum kits
# (hydrogen-drumkits: CC0, CC-BY, CC-BY-SA and GPL kits, listed in drum-kits.ts), ffmpeg for the MP3
# augmentation, and PyTorch + ONNX. Training renders on FluidR3_GM and MuseScore General only; the others
# measure Live on sample sets it was never trained on (make-live-folder.ts --soundfont).
set -euo pipefail
need=()
command -v fluidsynth >/dev/null || need+=(fluidsynth)
[ -f /usr/share/sounds/sf2/FluidR3_GM.sf2 ] || need+=(fluid-soundfont-gm)
[ -f /usr/share/sounds/sf2/MuseScore_General_Full.sf2 ] || need+=(musescore-general-soundfont-lossless)
[ -f /usr/share/sounds/sf2/TimGM6mb.sf2 ] || need+=(timgm6mb-soundfont)
[ -f /usr/share/sounds/sf2/sf_GMbank.sf2 ] || need+=(csound-soundfont)
[ -f "/usr/share/hydrogen/data/drumkits/The Black Pearl 1.0/drumkit.xml" ] || need+=(hydrogen-drumkits)
command -v timidity >/dev/null || need+=(timidity)
[ -f /etc/timidity/freepats.cfg ] || need+=(freepats)
command -v ffmpeg >/dev/null || need+=(ffmpeg)
/usr/bin/python3 -c "import torch, onnx" 2>/dev/null || need+=(python3-torch python3-onnx)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi
echo "training tools ready"
