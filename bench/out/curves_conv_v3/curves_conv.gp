# drawn by bench_curves; re-run with: gnuplot bench/out/curves_conv_v3/curves_conv.gp
set terminal pngcairo size 1100,680 font 'sans,11'
set output 'bench/out/curves_conv_v3/curves_conv.png'
set title "ResNet-50 conv 3x3 128->128 28x28: best GFLOP/s after N trials\nconv2d n=1 c=128 h=28 w=28 k=128 r=3 s=3 stride=1 pad=1; 3 seeds, 2 threads" noenhanced
set xlabel 'trials'
set ylabel 'best GFLOP/s'
set grid
set key below noenhanced
set bmargin 7
set xrange [0:1000]
set yrange [0:*]
set datafile missing 'NaN'
S = 3
d = 'bench/out/curves_conv_v3/curves_conv.dat'
plot for [s=1:S] d using 1:(column(3+s)) with steps lw 0.8 lc rgb '#9ec5ea' notitle, \
     for [s=1:S] d using 1:(column(3+S+s)) with steps lw 0.8 lc rgb '#f5c08a' notitle, \
     d using 1:2 with steps lw 2.5 lc rgb '#1f5fa8' title 'full search (median; thin: per seed)', \
     d using 1:3 with steps lw 2.5 lc rgb '#d9730d' title 'random sampling (median; thin: per seed)', \
     139.932 with lines dt 2 lw 1.5 lc rgb '#222222' title 'oneDNN conv 140 GFLOP/s', \
     126.383 with lines dt 4 lw 1.5 lc rgb '#666666' title 'oneDNN + reorders 126 GFLOP/s', \
     198.033 with lines dt 3 lw 1.5 lc rgb '#c0392b' title 'FMA peak 198 GFLOP/s'
