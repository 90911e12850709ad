restock <- function(stock, item, amount) {
  if (!item %in% names(stock)) {
    stop("unknown item: ", item)
  }
  stock[[item]] <- stock[[item]] + amount
  stock
}

value_of <- function(stock, prices) {
  sum(unlist(stock) * unlist(prices[names(stock)]))
}
