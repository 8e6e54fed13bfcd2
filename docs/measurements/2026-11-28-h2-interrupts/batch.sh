#!/usr/bin/env bash
# 8 runs of 3 s per file system, a writer interrupted every 0.05-2 ms beside another; then 5 s without interrupts
H2=~/.m2/repository/com/h2database/h2/2.3.232/h2-2.3.232.jar
cd /tmp/h2int
for m in file: retry:file: async:file:; do
  for i in 1 2 3 4 5 6 7 8; do
    nice -n 19 timeout 60 java -cp $H2 H2Interrupts.java $m 3 random 2>&1 | grep -A1 "interrupts=" 
  done
  nice -n 19 timeout 60 java -cp $H2 H2Interrupts.java $m 5 none 2>&1 | grep -A1 "interrupts="
done
echo done
