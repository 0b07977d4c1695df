# drawn by bench_curves; re-run with: gnuplot bench/out/curves_avx512/curves_gemm.gp
set terminal pngcairo size 1100,680 font 'sans,11'
set output 'bench/out/curves_avx512/curves_gemm.png'
set title "GEMM 1024x1024x1024: best GFLOP/s after N trials\nmatmul m=1024 n=1024 k=1024; 3 seeds, 2 threads" noenhanced
set xlabel 'trials'
set ylabel 'best GFLOP/s'
set grid
set key below noenhanced
set bmargin 7
set xrange [0:1000]
set yrange [0:*]
set datafile missing 'NaN'
S = 3
d = 'bench/out/curves_avx512/curves_gemm.dat'
plot for [s=1:S] d using 1:(column(3+s)) with steps lw 0.8 lc rgb '#9ec5ea' notitle, \
     for [s=1:S] d using 1:(column(3+S+s)) with steps lw 0.8 lc rgb '#f5c08a' notitle, \
     d using 1:2 with steps lw 2.5 lc rgb '#1f5fa8' title 'full search (median; thin: per seed)', \
     d using 1:3 with steps lw 2.5 lc rgb '#d9730d' title 'random sampling (median; thin: per seed)', \
     182.477 with lines dt 2 lw 1.5 lc rgb '#222222' title 'OpenBLAS sgemm 182 GFLOP/s', \
     230.135 with lines dt 3 lw 1.5 lc rgb '#c0392b' title 'FMA peak 230 GFLOP/s'
