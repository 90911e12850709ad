format_table <- function(df) {
  knitr::kable(df, format = "pipe")
}

word_count <- function(text) {
  length(strsplit(trimws(text), "\\s+")[[1]])
}
