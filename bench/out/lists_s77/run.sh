#!/usr/bin/env bash
# lists_s77/run.sh TAG "ARGS" LIST SEED... (#19, session 61): runb.sh by the settled-restart build (s76r, 0cba9fc,
# BC.2's runs), as every run of this directory without BUILD (mobilenetv2_s1_g2, the bert_base and resnet50 *_s76r).
BUILD=s76r exec "$(dirname "$0")/runb.sh" "$@"
