import Foundation

/// The part of a controller's life a compiled storyboard drives: its view is built by the
/// scene when first asked for (outlets connected, actions added, embedded children added, as
/// UIKit's nib loading does before `viewDidLoad`), and its segues run in UIKit's order —
/// `shouldPerformSegue(withIdentifier:sender:)` for a triggered one, the destination made,
/// `prepare(for:sender:)`, `perform()`.
extension UIViewController {
    /// Called by a compiled storyboard's scene on the controller it made: `view` builds the
    /// scene's view tree when the controller's view is first asked for (unless the class
    /// overrides `loadView`, as in UIKit), `segues` are its segues by their ids in the file.
    public func loadCompiledScene(
        storyboard: UIStoryboard?, segues: [String: UIStoryboardSegue.Template], view: @escaping @MainActor () -> UIView
    ) {
        self.compiledScene = CompiledScene(storyboard: storyboard, segues: segues, makeView: view)
    }

    /// A segue a control or gesture recognizer of the scene triggers (by its id in the file):
    /// asks `shouldPerformSegue(withIdentifier:sender:)` when it has an identifier, then runs it.
    public func triggerCompiledSegue(_ id: String, sender: Any?) {
        guard let template = self.compiledScene?.segues[id] else {
            return HostConnection.log("\(type(of: self)): no segue \(id) in its scene")
        }
        if let identifier = template.identifier, !self.shouldPerformSegue(withIdentifier: identifier, sender: sender) {
            return
        }
        self.run(template, sender: sender)
    }

    /// An embed segue of a container view, run while the scene's view is built: the
    /// destination becomes a child (`prepare(for:sender:)` first), its view fills `container`.
    public func embedCompiledSegue(_ id: String, in container: UIView) {
        guard let template = self.compiledScene?.segues[id],
            let destination = self.destination(of: template)
        else { return }
        let segue = UIStoryboardSegue(template: template, source: self, destination: destination)
        self.prepare(for: segue, sender: nil)
        self.addChild(destination)
        let view: UIView = destination.view
        view.frame = container.bounds
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            view.topAnchor.constraint(equalTo: container.topAnchor),
            view.bottomAnchor.constraint(equalTo: container.bottomAnchor),
        ])
        destination.didMove(toParent: self)
    }

    func runSegue(identifier: String, sender: Any?) {
        guard let template = self.compiledScene?.segues.values.first(where: { $0.identifier == identifier }) else {
            return HostConnection.log("Receiver (\(type(of: self))) has no segue with identifier '\(identifier)'")
        }
        self.run(template, sender: sender)
    }

    private func run(_ template: UIStoryboardSegue.Template, sender: Any?) {
        guard let destination = self.destination(of: template) else { return }
        let segue = UIStoryboardSegue(template: template, source: self, destination: destination)
        self.prepare(for: segue, sender: sender)
        segue.perform()
    }

    private func destination(of template: UIStoryboardSegue.Template) -> UIViewController? {
        guard let storyboard = self.storyboard else {
            HostConnection.log(
                "\(type(of: self)): segue '\(template.identifier ?? "")' has no storyboard to make its destination")
            return nil
        }
        return storyboard.instantiate(sceneID: template.destination)
    }
}
