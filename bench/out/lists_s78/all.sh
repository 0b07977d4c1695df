#!/usr/bin/env bash
# lists_s78/all.sh (#19, session 62): the session's A/B of the restart rules, in this order, the rules' order
# alternating from one pair to the next (a drift of the machine within the hour shows in both).
d="$(dirname "$0")"
"$d/ab.sh" bert_base 1 settled each
"$d/ab.sh" bert_base 2 each settled
"$d/ab.sh" resnet50 1 settled each
"$d/ab.sh" mobilenetv2 1 each settled
"$d/ab.sh" mobilenetv2 2 settled each
"$d/ab.sh" resnet50 2 each settled
"$d/ab.sh" mobilenetv2 3 each settled
# (session 62: the last pair, mobilenetv2 at seed 3, was skipped for then.sh's early runs, by placeholder reports)
