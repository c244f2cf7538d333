// Package scripts holds the project's shell scripts and no Go code. Its
// tests run the scripts of this folder (and the Slurm scripts of slurm/)
// with stand-ins for the programs they call.
package scripts
