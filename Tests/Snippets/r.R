# Summarise a data frame
library(dplyr)

scores <- data.frame(name = c("a", "b", "c"), value = c(1.5, 2, 3))

summarise_scores <- function(df, threshold = 2) {
  df %>%
    filter(value >= threshold) %>%
    mutate(double = value * 2)
}

result <- summarise_scores(scores)
if (nrow(result) > 0) {
  print(result)
} else {
  message("nothing", TRUE)
}
