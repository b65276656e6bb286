# VP9 at an odd picture height (321x241, 4:2:0): every sample of both chroma planes, the last row included.
# The reference is the software decoder's output. FATE's hwaccel switch runs the same test on a hardware decoder:
#   make fate-vp9-odd-321x241 HWACCEL=cuda
# The decoded frames go through scale,format=yuv420p, so a decoder that hands out NV12 compares equal sample by sample.
FATE_VP9_ODD-$(call FILTERDEMDEC, SCALE FORMAT, MATROSKA, VP9) += fate-vp9-odd-321x241
fate-vp9-odd-321x241: CMD = framecrc -i $(TARGET_SAMPLES)/vp9-test-vectors/vp9-odd-321x241.webm -vf scale,format=yuv420p
fate-vp9-odd-321x241: REF = $(SRC_PATH)/tests/ref/fate/vp9-odd-321x241

FATE_SAMPLES_FFMPEG += $(FATE_VP9_ODD-yes)
fate-vp9: $(FATE_VP9_ODD-yes)
