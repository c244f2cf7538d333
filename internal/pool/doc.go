// Package pool runs independent jobs on a bounded number of goroutines:
// the one worker pool of fibnim, for the loops that hand out indices
// 0..n-1 (multipliers to solve, files to hash, memory pilots to run).
//
// Results do not depend on scheduling as long as fn(i) writes only to
// the i-th slot of its output: Each hands out the indices in increasing
// order, but they complete in any order.
package pool
