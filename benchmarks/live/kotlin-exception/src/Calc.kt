package calc

fun average(values: List<Int>): Int = values.sum() / values.size
