import MessagesSDK

// What `msghost port` writes: the compiled storyboards registered first, then the app runs
// with the storyboard's initial controller.
CompiledStoryboards.register()
MSExtensionMain.run {
    UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController() as! HomeViewController
}
