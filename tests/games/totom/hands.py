"""The worked hands of shared/rules/chan_totom.md B7 (TT1–TT9)."""

TT1 = "3V 4V 5V 6V 6V 7V 7V 8V 9V 8S 7S 6S 4S 3S 3W 4W 4W 6W 7W OL"
TT1_POEM = (
    "tam vạn tứ vạn ngũ vạn lục vạn lục vạn thất vạn thất vạn bát vạn cửu vạn "
    "bát sách thất sách lục sách tứ sách tam sách tam văn tứ văn tứ văn lục văn thất văn ông cụ"
)
TT2 = "7W 3V 3S 9V 8S CC 5S 5S 5S 4V 5V 6V 2W 3W 4W 6V 6S 6W 7V 9V"
TT3 = "7W 3V 3S 9V 8S CC 5S 5S 5S 4V 5V 6V 2W 3W 4W 7V 8V 9V 7S 7S"
TT4 = "7W 3V 3S 5S 5S 5S 4V 5V 6V 2W 3W 4W 6V 6S 6W 7V 8V 9V 9V 8S"
TT5 = "7W 3V 3S 9V 8S CC 5S 5S 5S 4V 5V 6V 2S 3S 4S 5W 6W 8W 9W OL"
TT6 = "7W 3V 3S 9V 8S CC 4V 5V 6V 2S 3S 4S 2W 3W 4W 6V 7V 8V 5W 6W"
TT7 = "7W 3V 3S 9V 8S CC 4V 5V 6V 2S 3S 4S 2W 3W 4W 5W 6V 7V 8V 9S"
TT8 = "9V 8S CC 9V 9S TT 8V 8S 8W OL 2V 2V 2V 2W 3W 4W 5W 6S 7S 8S"
TT9 = "OL OL 2W 3W 4W 2V 3V 4V 2S 3S 4S 5W 5V 5S 6W 6W 7W 6V 6S 7S"
