.class public Lcom/example/Main;
.super Ljava/lang/Object;

# A static greeting method
.method public static greet(Ljava/lang/String;)V
    .registers 3
    sget-object v0, Ljava/lang/System;->out:Ljava/io/PrintStream;
    const-string v1, "Hello"
    invoke-virtual {v0, v1}, Ljava/io/PrintStream;->println(Ljava/lang/String;)V
    const/4 v1, 0x1
    return-void
.end method
