def rules_html() -> str:
    return "<p>3RD6</p>"
