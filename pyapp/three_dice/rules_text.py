def rules_html(edition):
    return "<p>rules</p>"
