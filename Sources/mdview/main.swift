print("mdview")
