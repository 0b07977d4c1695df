set datafile separator ','
set terminal pngcairo size 900,560 noenhanced
set output 'curves.png'
set title 'bert_base'.': weighted latency vs tuning time (1000 trials per full search)'
set xlabel 'elapsed seconds'
set ylabel 'frequency-weighted latency (ms)'
set logscale x
set key top right
plot 'curves.csv' using (strcol(1) eq 'full' ? ($2 > 0 ? $2 : 1) : NaN):(strcol(1) eq 'full' ? $3 : NaN) with steps lw 2 lc 1 title 'full search (Ansor)', '' using (strcol(1) eq 'full' ? ($2 > 0 ? $2 : 1) : NaN):(strcol(1) eq 'full' ? $3 : NaN) with points pt 7 ps 1.2 lc 1 notitle, 'curves.csv' using (strcol(1) eq 'seeded' ? ($2 > 0 ? $2 : 1) : NaN):(strcol(1) eq 'seeded' ? $3 : NaN) with steps lw 2 lc 5 title 'reuse-seeded (1-hop bridges)', '' using (strcol(1) eq 'seeded' ? ($2 > 0 ? $2 : 1) : NaN):(strcol(1) eq 'seeded' ? $3 : NaN) with points pt 7 ps 1.2 lc 5 notitle
set output 'operators.png'
unset logscale x
set title 'bert_base'.': per-operator throughput normalized to the full search'
set xlabel 'operator (list order)'
set ylabel 'throughput / full search'
set key outside bottom center horizontal
set yrange [0:*]
set grid y
plot 1 with lines lc 'black' dt 2 notitle, 'operators.csv' every ::1 using 1:10 with linespoints pt 7 title 'reuse-seeded (1-hop bridges)'
