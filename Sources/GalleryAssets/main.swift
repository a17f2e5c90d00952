print("assets")
