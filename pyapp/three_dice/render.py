def render(state):
    return {"board": '<svg id="board"></svg>', "status": "", "panel": "", "dice": ""}
