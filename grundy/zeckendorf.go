package grundy

// Zeckendorf returns the parts of the Zeckendorf representation of n >= 1 in
// increasing order: z_1(n) < z_2(n) < ... (Larsson & Rubinstein-Salzedo,
// Theorem 3.1). The parts are distinct Fibonacci numbers, no two consecutive.
// It returns nil for n <= 0.
func Zeckendorf(n int) []int {
	if n <= 0 {
		return nil
	}
	fib := []int{1, 2}
	for fib[len(fib)-1] <= n-fib[len(fib)-2] {
		fib = append(fib, fib[len(fib)-1]+fib[len(fib)-2])
	}
	var parts []int
	for i := len(fib) - 1; i >= 0 && n > 0; i-- {
		if fib[i] <= n {
			parts = append(parts, fib[i])
			n -= fib[i]
		}
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return parts
}

// IsFibonacci reports whether n is a Fibonacci number (1, 2, 3, 5, 8, ...).
func IsFibonacci(n int) bool {
	a, b := 1, 2
	for a < n {
		a, b = b, a+b
	}
	return a == n
}
